/**
 * Pictures: what POST /api/admin/uploads answers, each stored picture's id (the content hash the
 * storefront builds its URLs from, common/media.ts) and its size in pixels; and the address a
 * picture is served at, /media/:id/:file (outside /api: no contract, never in the API's description).
 */
import { z } from 'zod';
import { IMAGE_ID_PATTERN, IMAGE_WIDTHS } from '../media.ts';

export const uploadedImageSchema = z.object({ id: z.string(), width: z.number().int(), height: z.number().int() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const uploadReplySchema = z.object({ images: z.array(uploadedImageSchema) });
export type UploadReply = z.infer<typeof uploadReplySchema>;

/** /media/:id/:file: only ids and widths the store writes (imageUrl builds them). */
export const mediaFileParamsSchema = z.object({
  id: z.string().regex(IMAGE_ID_PATTERN, 'No such image'),
  file: z.enum(IMAGE_WIDTHS.map((w) => `${w}.webp`) as [string, ...string[]], 'No such image size'),
});
