/**
 * The account forms as plain form posts (common/account-forms.ts; docs/decisions/
 * 049-account-forms-before-the-script.md, 055-account-forms-rendered-and-posted.md): log in, sign
 * up, change the password and edit the profile post to their own page's address when the script
 * has not taken them over (not loaded yet, failed, or off). The API's own schemas check the fields
 * (built from the same rules the forms check with) and the API's own functions act: the same
 * limits, the same session cookie. Then 303 to the account page. A refusal answers the form's page
 * itself with the refusal's status (pages/form-page.ts): its messages and what was typed, never a
 * password, and nothing of it in an address.
 *
 * Not under /api: these answer a browser's form with a page. Same-origin only, like every POST
 * (http/security.ts registerOriginCheck); a 4 KB body at most.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_FORM_DONE,
  ACCOUNT_FORM_ERRORS,
  LOGIN_FORM_FIELDS,
  PASSWORD_CHANGE_FORM_FIELDS,
  type PostedForm,
  PROFILE_ADDRESSES_FIELD,
  PROFILE_FORM_FIELDS,
  postedFormPath,
  SECRET_FORM_FIELDS,
  SIGNUP_FORM_FIELDS,
  WHATSAPP_FORM_FIELD,
} from '../../common/account-forms.ts';
import { API_PREFIX } from '../../common/api-contract.ts';
import { parseCartCookie } from '../../common/cart-cookie.ts';
import { PAGE } from '../../common/page-paths.ts';
import { profileSchema } from '../../common/schemas/account.ts';
import { passwordChangeRequestSchema } from '../../common/schemas/account-rights.ts';
import { visitorCartLineSchema } from '../../common/schemas/cart.ts';
import { loginRequestSchema, signupRequestSchema } from '../../common/schemas/session.ts';
import { loadUser } from '../auth/guards.ts';
import { cookieName, hashToken } from '../auth/sessions.ts';
import { cartCookieName } from '../cart/form-routes.ts';
import { AppError, errorBody } from '../http/errors.ts';
import { changePassword } from './password-change.ts';
import { updateProfile } from './profile-routes.ts';
import { logInShopper, signUpShopper } from './routes.ts';

/** A posted body: each name's value, or its values in order when it came more than once. */
type FormBody = Record<string, string | string[]>;

function parseForm(text: string): FormBody {
  // No prototype: a field named "__proto__" is a field like any other.
  const form: FormBody = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const had = form[name];
    form[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return form;
}

const textOf = (form: FormBody, name: string) => {
  const value = form[name];
  return typeof value === 'string' ? value : '';
};
const fieldsOf = (form: FormBody, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, textOf(form, n)]));

/** A refusal of the schema, as the API's error handler words it: each field's first message. */
function invalid(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'request'] ??= issue.message;
  return new AppError(400, 'invalid', error.issues[0]?.message ?? ACCOUNT_FORM_ERRORS.failed, fields);
}

/** The fields' data by `schema`, or the refusal. */
function checked<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

interface FormOf {
  /** The page the form is on, and answers its refusal. */
  path: string;
  /** The form's id (web useForm's `id`): the embedded refusal's key. */
  id: string;
  /** What was typed, as the page shows it again (passwords are dropped). */
  values: Record<string, string | string[]>;
}

export const accountFormRoutes: FastifyPluginAsync = async (app) => {
  // Only these routes read a urlencoded body, and only a small one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_r, body, done) => done(null, parseForm(String(body))),
  );

  /** Runs `act`; sends the browser on, or answers the form's page with the refusal on it. */
  async function answer(request: FastifyRequest, reply: FastifyReply, form: FormOf, act: () => Promise<unknown>) {
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
    return reply.redirect(ACCOUNT_FORM_DONE, 303);
  }

  /** The logged-in shopper, or a visitor sent to log in first (nothing read, nothing changed). */
  async function shopper(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const userId = await loadUser(app, request);
    if (!userId) {
      reply.header('cache-control', 'no-store').redirect(PAGE.login, 303);
      return null;
    }
    return userId;
  }

  const bodyOf = (request: FastifyRequest): FormBody => (request.body ?? Object.create(null)) as FormBody;

  /**
   * The watches a visitor added without the script (the cart cookie, cart/form-routes.ts) go into
   * the account as the app's visitor cart does at log-in; the cookie is then cleared, so the app
   * does not add them a second time.
   */
  const cookieCart = (request: FastifyRequest, reply: FastifyReply) => {
    const name = cartCookieName(app.config.cookieSecure);
    const lines = parseCartCookie(request.cookies[name]).filter((l) => visitorCartLineSchema.safeParse(l).success);
    return {
      cart: lines,
      clear: () => {
        if (lines.length > 0) reply.clearCookie(name, { path: '/', sameSite: 'lax', secure: app.config.cookieSecure });
      },
    };
  };

  app.post(PAGE.login, { schema: { hide: true } }, async (request, reply) => {
    const values = fieldsOf(bodyOf(request), LOGIN_FORM_FIELDS);
    const { cart, clear } = cookieCart(request, reply);
    return answer(request, reply, { path: PAGE.login, id: 'login', values }, async () => {
      await logInShopper(app, request, reply, { ...checked(loginRequestSchema, values), cart });
      clear();
    });
  });

  app.post(PAGE.signup, { schema: { hide: true } }, async (request, reply) => {
    const form = bodyOf(request);
    const values = fieldsOf(form, SIGNUP_FORM_FIELDS);
    const whatsappUpdates = form[WHATSAPP_FORM_FIELD] === 'on';
    const { cart, clear } = cookieCart(request, reply);
    return answer(request, reply, { path: PAGE.signup, id: 'signup', values }, async () => {
      await signUpShopper(app, request, reply, {
        ...checked(signupRequestSchema, { ...values, whatsappUpdates }),
        cart,
      });
      clear();
    });
  });

  app.post(PAGE.changePassword, { schema: { hide: true } }, async (request, reply) => {
    const userId = await shopper(request, reply);
    if (!userId) return reply;
    const values = fieldsOf(bodyOf(request), PASSWORD_CHANGE_FORM_FIELDS);
    return answer(request, reply, { path: PAGE.changePassword, id: 'change-password', values }, async () => {
      const token = request.cookies[cookieName('user', app.config)];
      await changePassword(
        app.db,
        userId,
        checked(passwordChangeRequestSchema, values),
        token ? hashToken(token) : undefined,
      );
    });
  });

  app.post(PAGE.editProfile, { schema: { hide: true } }, async (request, reply) => {
    const userId = await shopper(request, reply);
    if (!userId) return reply;
    const form = bodyOf(request);
    const listed = form[PROFILE_ADDRESSES_FIELD];
    const addresses = listed === undefined ? [] : Array.isArray(listed) ? listed : [listed];
    const values = { ...fieldsOf(form, PROFILE_FORM_FIELDS), addresses };
    return answer(request, reply, { path: PAGE.editProfile, id: 'profile', values }, () =>
      updateProfile(app.db, userId, checked(profileSchema, values)),
    );
  });
};
