/**
 * The one error shape of the API: `{ error: { code, message, fields? } }`
 * (docs/product.md#where-we-do-better-than-the-owners-description).
 * `message` is fit to show a shopper; `fields` maps a form field to its message.
 */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
