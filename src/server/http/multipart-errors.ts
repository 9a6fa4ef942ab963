/**
 * What a broken multipart body becomes: busboy's own errors (a body cut short, a missing or broken
 * boundary) are the client's doing, so they answer 400 with a plain sentence, never 500. Shared by
 * every route that reads an upload (media/upload-routes.ts, books/statement/routes.ts).
 */
import { AppError, badRequest } from './errors.ts';

export function multipartClientError(
  err: unknown,
  message = 'The upload could not be read. Please try again.',
): AppError {
  if (err instanceof AppError) return err;
  const { statusCode } = err as { statusCode?: number };
  if (statusCode && statusCode >= 400 && statusCode < 500)
    return new AppError(statusCode, 'bad_upload', (err as Error).message || message);
  return badRequest(message);
}
