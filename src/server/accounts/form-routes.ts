/**
 * Log in and Create Account as plain form posts (common/account-forms.ts; docs/decisions/
 * 049-account-forms-before-the-script.md): the pages' forms post to their own address when the
 * script has not taken them over (not loaded yet, failed, or off). The same schema checks the
 * fields and the same code as the API's logs in or signs up (routes.ts logInShopper,
 * signUpShopper): its limits, its session cookie. Then 303 to the account page; a refusal is 303
 * back to the form with `?error=<word>` (never the phone, the password or the refusal's text).
 *
 * Not under /api: these answer a browser's form with a page. Same-origin only, like every POST
 * (http/security.ts registerOriginCheck); a 4 KB body at most.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  ACCOUNT_FORM_ERROR_PARAM,
  type AccountFormError,
  LOGIN_FORM_FIELDS,
  SIGNUP_FORM_FIELDS,
  WHATSAPP_FORM_FIELD,
} from '../../common/account-forms.ts';
import { PAGE } from '../../common/page-paths.ts';
import { loginRequestSchema, signupRequestSchema } from '../../common/schemas/session.ts';
import { AppError } from '../http/errors.ts';
import { logInShopper, signUpShopper } from './routes.ts';

/** Where a shopper lands after logging in or signing up without the script. */
const DONE = PAGE.profile;

const errorWord = (err: unknown): AccountFormError | null => {
  if (!(err instanceof AppError)) return null;
  if (err.statusCode === 401) return 'wrong';
  if (err.statusCode === 409) return 'taken';
  if (err.statusCode === 429) return 'limit';
  if (err.statusCode === 400) return 'invalid';
  return 'failed';
};

const fieldsOf = (body: unknown, names: readonly string[]) => {
  const form = (body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(names.map((n) => [n, typeof form[n] === 'string' ? form[n] : '']));
};

export const accountFormRoutes: FastifyPluginAsync = async (app) => {
  // Only these routes read a urlencoded body, and only a small one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** Runs `act`; sends the browser on, or back to `page` with the refusal's word. */
  async function answer(reply: FastifyReply, page: string, act: () => Promise<unknown>) {
    reply.header('cache-control', 'no-store');
    try {
      await act();
    } catch (err) {
      const word = errorWord(err);
      if (!word) throw err;
      return reply.redirect(`${page}?${ACCOUNT_FORM_ERROR_PARAM}=${word}`, 303);
    }
    return reply.redirect(DONE, 303);
  }

  app.post(PAGE.login, { schema: { hide: true } }, async (request, reply) =>
    answer(reply, PAGE.login, async () => {
      const parsed = loginRequestSchema.safeParse(fieldsOf(request.body, LOGIN_FORM_FIELDS));
      if (!parsed.success) throw new AppError(400, 'bad_request', 'invalid');
      await logInShopper(app, request, reply, parsed.data);
    }),
  );

  app.post(PAGE.signup, { schema: { hide: true } }, async (request, reply) =>
    answer(reply, PAGE.signup, async () => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const parsed = signupRequestSchema.safeParse({
        ...fieldsOf(request.body, SIGNUP_FORM_FIELDS),
        whatsappUpdates: form[WHATSAPP_FORM_FIELD] === 'on',
      });
      if (!parsed.success) throw new AppError(400, 'bad_request', 'invalid');
      await signUpShopper(app, request, reply, parsed.data);
    }),
  );
};
