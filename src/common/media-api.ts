/**
 * The pictures' endpoint (src/common/api-contract.ts): the admin's upload for the product form.
 * Its body is multipart (field "images", at most MAX_IMAGES files), which the browser sends with
 * XMLHttpRequest for the upload's progress (src/web/admin/products/upload-images.ts), not through
 * `call`; so the contract types its reply only. Types only: zod stays out of the bundle.
 */
import { endpoint } from './api-contract.ts';
import type { UploadReply } from './schemas/media.ts';

export const mediaApi = {
  /** Stores the pictures (each decoded, auto-rotated and written as WebP by content hash); answers their ids. */
  upload: endpoint<{ reply: UploadReply }>()('POST', '/admin/uploads', 201),
} as const;
