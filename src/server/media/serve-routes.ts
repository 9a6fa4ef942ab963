/**
 * Serves stored images: only ids and widths we wrote, always as image/webp with
 * immutable caching (the URL changes whenever the pixels do).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_ID_PATTERN, IMAGE_WIDTHS } from '../../common/media.ts';
import { notFound } from '../http/errors.ts';
import { imageFile } from './store.ts';

export const mediaServeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:id/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          id: z.string().regex(IMAGE_ID_PATTERN, 'No such image'),
          file: z.enum(IMAGE_WIDTHS.map((w) => `${w}.webp`) as [string, ...string[]], 'No such image size'),
        }),
      },
    },
    async (request, reply) => {
      const width = Number.parseInt(request.params.file, 10);
      const path = imageFile(app.config.uploadsDir, request.params.id, width);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw notFound('No such image');
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(createReadStream(path));
    },
  );
};
