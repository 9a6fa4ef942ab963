/**
 * Sends images to the upload endpoint (mediaApi.upload, src/common/media-api.ts) with upload
 * progress (fetch cannot report it; XMLHttpRequest can). Errors carry the server's message.
 */
import { API_PREFIX, apiPath, type ReplyOf } from '../../../common/api-contract.ts';
import { isApiErrorBody } from '../../../common/errors.ts';
import { mediaApi } from '../../../common/media-api.ts';
import type { UploadedImage } from '../../../common/schemas/media.ts';
import { ApiError } from '../../lib/api-client.ts';

export function uploadImages(files: File[], onProgress: (fraction: number) => void): Promise<UploadedImage[]> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('images', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open(mediaApi.upload.method, API_PREFIX + apiPath(mediaApi.upload.path, {}));
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status === mediaApi.upload.status && body && typeof body === 'object' && 'images' in body) {
        resolve((body as ReplyOf<typeof mediaApi.upload>).images);
      } else if (isApiErrorBody(body)) {
        reject(new ApiError(xhr.status, body.error.code, body.error.message, body.error.fields));
      } else if (xhr.status === 413) {
        reject(new ApiError(413, 'too_large', 'These images are too large. Each must be at most 10 MB.'));
      } else {
        reject(new ApiError(xhr.status, 'http', `The upload failed (error ${xhr.status}). Please try again.`));
      }
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'network', 'The upload could not reach the shop. Please check your connection and try again.'),
      );
    xhr.send(form);
  });
}
