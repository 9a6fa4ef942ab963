/**
 * Gives the app its picture storage as `app.media` (opened from the
 * configuration, so routes never know whether it is a folder or a bucket) and
 * releases it when the app closes. With S3_PUBLIC_URL, picture URLs in pages
 * point at the bucket or CDN.
 */
import fp from 'fastify-plugin';
import { setImageBase } from '../../../common/media.ts';
import type { ObjectStorage } from './object-storage.ts';
import { openStorage } from './open-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    media: ObjectStorage;
  }
}

export const mediaStoragePlugin = fp(
  async (app) => {
    const storage = openStorage(app.config);
    setImageBase(app.config.s3?.publicUrl);
    app.decorate('media', storage);
    app.addHook('onClose', () => storage.close());
  },
  { name: 'media-storage' },
);
