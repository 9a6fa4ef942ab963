/**
 * The account forms as plain form posts (common/account-forms.ts; docs/decisions/
 * 049-account-forms-before-the-script.md, 055-account-forms-rendered-and-posted.md): log in, sign
 * up, change the password and edit the profile post to their own page's address when the script
 * has not taken them over (not loaded yet, failed, or off). The API's own schemas check the fields
 * (built from the same rules the forms check with) and the API's own functions act: the same
 * limits, the same session cookie. Then 303 to the account page; LOG OUT there posts to it too. A refusal answers the form's page
 * itself with the refusal's status (http/form-post.ts): its messages and what was typed, never a
 * password, and nothing of it in an address.
 *
 * Not under /api: these answer a browser's form with a page. Same-origin only, like every POST
 * (http/security.ts registerOriginCheck); a 4 KB body at most.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_FORM_DONE,
  LOGIN_FORM_FIELDS,
  PASSWORD_CHANGE_FORM_FIELDS,
  PROFILE_ADDRESSES_FIELD,
  PROFILE_FORM_FIELDS,
  SIGNUP_FORM_FIELDS,
  WHATSAPP_FORM_FIELD,
} from '../../common/account-forms.ts';
import { parseCartCookie } from '../../common/cart-cookie.ts';
import { PAGE } from '../../common/page-paths.ts';
import { profileSchema } from '../../common/schemas/account.ts';
import { passwordChangeRequestSchema } from '../../common/schemas/account-rights.ts';
import { visitorCartLineSchema } from '../../common/schemas/cart.ts';
import { loginRequestSchema, signupRequestSchema } from '../../common/schemas/session.ts';
import { loadUser } from '../auth/guards.ts';
import { cookieName, endSession, hashToken } from '../auth/sessions.ts';
import { cartCookieName } from '../cart/form-routes.ts';
import { acceptFormPosts, answerFormPost, bodyOf, checked, fieldsOf, type PostedFormOf } from '../http/form-post.ts';
import { changePassword } from './password-change.ts';
import { updateProfile } from './profile-routes.ts';
import { logInShopper, signUpShopper } from './routes.ts';

export const accountFormRoutes: FastifyPluginAsync = async (app) => {
  acceptFormPosts(app);

  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    form: Omit<PostedFormOf, 'done'>,
    act: () => Promise<unknown>,
  ) => answerFormPost(app, request, reply, { ...form, done: ACCOUNT_FORM_DONE }, act);

  /** The logged-in shopper, or a visitor sent to log in first (nothing read, nothing changed). */
  async function shopper(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const userId = await loadUser(app, request);
    if (!userId) {
      reply.header('cache-control', 'no-store').redirect(PAGE.login, 303);
      return null;
    }
    return userId;
  }

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

  // LOG OUT on Your Account (a form of its own page): the session ends as the API's log-out ends it.
  app.post(PAGE.profile, { schema: { hide: true } }, async (request, reply) => {
    await endSession(app.db, app.config, request, reply, 'user');
    return reply.header('cache-control', 'no-store').redirect('/', 303);
  });
};
