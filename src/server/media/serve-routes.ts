/**
 * Serves stored images from the store's object storage (a folder or a bucket,
 * the same for this route): only ids and widths we wrote, always as image/webp
 * with immutable caching (the URL changes whenever the pixels do).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaFileParamsSchema } from '../../common/schemas/media.ts';
import { notFound } from '../http/errors.ts';
import { IMAGE_CACHE_CONTROL, IMAGE_CONTENT_TYPE, imageKey } from './store.ts';

export const mediaServeRoutes: FastifyPluginAsyncZod = async (app) => {
  // HEAD declared here, not derived from GET: Fastify's derived HEAD reads the whole body to throw it away.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/:id/:file',
    schema: {
      hide: true,
      params: mediaFileParamsSchema,
    },
    handler: async (request, reply) => {
      const key = imageKey(request.params.id, Number.parseInt(request.params.file, 10));
      // HEAD asks for the headers only: no object body is opened just to be thrown away.
      const found = request.method === 'HEAD' ? await app.media.head(key) : await app.media.get(key);
      if (!found) throw notFound('No such image');
      reply
        .header('content-type', IMAGE_CONTENT_TYPE)
        .header('content-length', found.length)
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('content-security-policy', "default-src 'none'; sandbox");
      // No payload for HEAD: Fastify then keeps the object's content-length.
      return reply.send('body' in found ? found.body : undefined);
    },
  });
};
