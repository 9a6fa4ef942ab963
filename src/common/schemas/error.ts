/**
 * The error shape as a schema, for documenting 4xx answers in routes. Kept apart
 * from ../errors.ts so the browser's API client does not pull zod in.
 */
import { z } from 'zod';
import type { ApiErrorBody } from '../errors.ts';

export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
}) satisfies z.ZodType<ApiErrorBody>;
