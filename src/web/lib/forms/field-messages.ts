/**
 * The one place that turns "what is wrong" into a message per field, for every
 * form (docs/decisions/015-one-form-pattern.md): zod issues (admin forms), the
 * shared rules' checkForm answer (shopper forms, which must not download zod:
 * docs/decisions/009-form-validation-bytes.md) and the server's `fields`.
 * zod is never imported here, only its issue shape.
 */
import { ApiError, errorMessage } from '../api-client.ts';

/** Field name ("addresses.1" for a list item) → its message; the first entry is the first to fix. */
export type FieldMessages = Record<string, string>;

/** What a form reads of a zod issue. */
export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Why a check or a call failed: the message to show, and each field's own message. */
export interface Failure {
  message: string;
  fields: FieldMessages;
}

/**
 * A check's answer, as the forms get it: `checkForm(RULES, values)` from
 * src/common/text-rules.ts, or a zod schema's `safeParse(values)`.
 */
export type CheckResult<D> =
  | { ok: true; data: D }
  | { ok: false; field: string; message: string; fields?: FieldMessages }
  | { success: true; data: D }
  | { success: false; error: { issues: readonly Issue[] } };

const CHECK_THE_FORM = 'Please check the form';

/** One message per field (the first issue about it), in the order the issues came. */
export function fieldMessages(issues: readonly Issue[]): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return fields;
}

/** The checked data, or why the values were refused. */
export function readCheck<D>(result: CheckResult<D>): { data: D } | { failure: Failure } {
  if ('ok' in result) {
    return result.ok
      ? { data: result.data }
      : { failure: { message: result.message, fields: result.fields ?? { [result.field]: result.message } } };
  }
  if (result.success) return { data: result.data };
  const { issues } = result.error;
  return { failure: { message: issues[0]?.message ?? CHECK_THE_FORM, fields: fieldMessages(issues) } };
}

/** Why a call failed: the server's message and its `fields` (an ApiError), or a general message. */
export function callFailure(err: unknown): Failure {
  return { message: errorMessage(err), fields: err instanceof ApiError ? { ...err.fields } : {} };
}
