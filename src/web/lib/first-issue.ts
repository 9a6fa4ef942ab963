import type { z } from 'zod';

/**
 * The first broken rule of a form, checked with the shared schema: its message
 * (SPEC §5 order) and the field it belongs to.
 */
export function firstIssue<T>(
  schema: z.ZodType<T>,
  values: unknown,
): { ok: true; data: T } | { ok: false; field: string; message: string } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  return { ok: false, field: issue?.path.join('.') ?? '', message: issue?.message ?? 'Please check the form' };
}
