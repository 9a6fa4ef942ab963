/**
 * A browser's plain form post answered with a page (docs/decisions/055-account-forms-rendered-and-posted.md):
 * the account forms (accounts/form-routes.ts) and the advance link's UPI reference
 * (orders/advance-link-form-route.ts) when the script has not taken them over. The body is read as
 * a small urlencoded form; the action runs through the API's own code; done, the browser is sent on
 * (303); a refusal answers the form's own page with the refusal's status, its messages and what was
 * typed (never a password), nothing of it in an address (pages/form-page.ts renders it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_FORM_ERRORS,
  type PostedForm,
  postedFormPath,
  SECRET_FORM_FIELDS,
} from '../../common/account-forms.ts';
import { API_PREFIX } from '../../common/api-contract.ts';
import { AppError, errorBody } from './errors.ts';

/** A posted body: each name's value, or its values in order when it came more than once. */
export type FormBody = Record<string, string | string[]>;

function parseForm(text: string): FormBody {
  // No prototype: a field named "__proto__" is a field like any other.
  const form: FormBody = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const had = form[name];
    form[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return form;
}

/** Lets the routes of `app` (one plugin's scope) read a urlencoded body of at most 4 KB. */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_r, body, done) => done(null, parseForm(String(body))),
  );
}

export const bodyOf = (request: FastifyRequest): FormBody => (request.body ?? Object.create(null)) as FormBody;

export const textOf = (form: FormBody, name: string) => {
  const value = form[name];
  return typeof value === 'string' ? value : '';
};
export const fieldsOf = (form: FormBody, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, textOf(form, n)]));

/** A refusal of the schema, as the API's error handler words it: each field's first message. */
function invalid(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'request'] ??= issue.message;
  return new AppError(400, 'invalid', error.issues[0]?.message ?? ACCOUNT_FORM_ERRORS.failed, fields);
}

/** The fields' data by `schema`, or the refusal. */
export function checked<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

export interface PostedFormOf {
  /** The page the form is on, and answers its refusal. */
  path: string;
  /** The form's id (web useForm's `id`): the embedded refusal's key. */
  id: string;
  /** What was typed, as the page shows it again (passwords are dropped). */
  values: Record<string, string | string[]>;
  /** Where the browser goes once `act` is done. */
  done: string;
}

/** Runs `act`; sends the browser on, or answers the form's page with the refusal on it. Never cached. */
export async function answerFormPost(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  form: PostedFormOf,
  act: () => Promise<unknown>,
): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store');
  try {
    await act();
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    const posted: PostedForm = {
      values: Object.fromEntries(Object.entries(form.values).filter(([name]) => !SECRET_FORM_FIELDS.has(name))),
      message: err.message,
      fields: err.fields ?? {},
    };
    // No web app built: only the API is served, and the refusal is its error.
    if (!app.formPages.send) return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.fields));
    return app.formPages.send(request, reply, {
      path: form.path,
      status: err.statusCode,
      answers: [{ url: API_PREFIX + postedFormPath(form.id), body: JSON.stringify(posted) }],
    });
  }
  return reply.redirect(form.done, 303);
}
