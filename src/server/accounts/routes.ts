/**
 * Sign up, log in, log out and "who am I" (docs/product.md#better-1, #better-4, #better-9). The body is
 * checked with the same schemas the forms use, so the messages and their order
 * are those of docs/product.md#validation. Log-ins and sign-ups are counted before
 * any password is hashed (auth/login-limits.ts, docs/product.md#accounts).
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { accountApi } from '../../common/account-api.ts';
import { ACCOUNT_FORM_ERRORS } from '../../common/account-forms.ts';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import {
  loginRequestSchema,
  type SessionUser,
  sessionSchema,
  signupRequestSchema,
  userResponseSchema,
} from '../../common/schemas/session.ts';
import { loadUser } from '../auth/guards.ts';
import { type LoginLimits, limitedLogin } from '../auth/login-limits.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { addressKey, FIFTEEN_MINUTES, giveBack, takeSlots, tooManyAttempts } from '../auth/rate-limit.ts';
import { discardSession, endSession, readSession, startSession } from '../auth/sessions.ts';
import { mergeIntoCart } from '../cart/queries.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { contractRoute, noContentSchema } from '../http/contract-route.ts';
import { conflict, unauthorized } from '../http/errors.ts';
import { createShopper } from './user-writes.ts';
import { assertPhoneFree, findUserById, findUserByPhone, PHONE_TAKEN, toSessionUser } from './users.ts';

export const WRONG_LOGIN = ACCOUNT_FORM_ERRORS.wrong;
/** Log-in attempts per 15 minutes (docs/product.md#limits-and-constants). */
export const LOGIN_LIMITS: LoginLimits = { perAccountAddress: 5, perAddress: 20, perAccountElsewhere: 20 };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, accountApi.signup, {
      tags: ['accounts'],
      summary: 'Create a shopper account and log in (merging the visitor cart)',
      body: signupRequestSchema,
      response: { 201: userResponseSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
    }),
    handler: async (request, reply) => {
      const user = await signUpShopper(app, request, reply, request.body);
      reply.status(201);
      return { user };
    },
  });

  app.route({
    ...contractRoute(app, accountApi.login, {
      tags: ['accounts'],
      summary: 'Log in with phone number and password (merging the visitor cart)',
      body: loginRequestSchema,
      response: { 200: userResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
    }),
    handler: async (request, reply) => ({ user: await logInShopper(app, request, reply, request.body) }),
  });

  app.route({
    ...contractRoute(app, accountApi.logout, {
      tags: ['accounts'],
      summary: 'End the shopper session on the server',
      response: { 204: noContentSchema },
    }),
    handler: async (request, reply) => {
      await endSession(app.db, app.config, request, reply, 'user');
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(app, accountApi.session, {
      tags: ['accounts'],
      summary: 'Who is logged in: the shopper (or null) and whether an admin session exists',
      response: { 200: sessionSchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sessionAnswer(app, request);
    },
  });
};

/** Who is logged in: the API's answer, and the one a page that works without the script carries (pages/account-heads.ts). */
export async function sessionAnswer(app: FastifyInstance, request: FastifyRequest) {
  const userId = await loadUser(app, request);
  const user = userId ? await findUserById(app.db, userId) : null;
  const admin = await readSession(app.db, app.config, request, 'admin');
  return { user: user ?? null, isAdmin: admin !== null };
}

/**
 * Creates the shopper's account and starts their session: the API's sign-up and the page's form
 * post (form-routes.ts) both come here, with a body the same schema checked.
 */
export async function signUpShopper(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: z.output<typeof signupRequestSchema>,
): Promise<SessionUser> {
  const { cart, password, whatsappUpdates, ...input } = body;
  const limit = {
    key: `signup@${addressKey(request.ip)}`,
    max: app.config.signupsPerAddress,
    windowMs: FIFTEEN_MINUTES,
  };
  if (await takeSlots(app.db, [limit])) throw tooManyAttempts();
  await assertPhoneFree(app.db, input.number);
  // A sign-up turned away because the hashing queue is full was never made: its slot goes back.
  const passwordHash = await hashPassword(password).catch(async (err) => {
    await giveBack(app.db, [limit.key]);
    throw err;
  });
  let id: string;
  try {
    id = await createShopper(app.db, input, passwordHash, cart ?? [], whatsappUpdates === true);
  } catch (err) {
    // Two sign-ups with one number at once: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(PHONE_TAKEN, { number: PHONE_TAKEN });
    throw err;
  }
  await discardSession(app.db, app.config, request, 'user');
  await startSession(app.db, app.config, reply, 'user', id);
  reply.header('cache-control', 'no-store');
  return { id, name: input.name, number: input.number, email: input.email, addresses: [input.address] };
}

/** Checks the password (counted first) and starts the session: the API's log-in and the page's form post. */
export async function logInShopper(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: z.output<typeof loginRequestSchema>,
): Promise<SessionUser> {
  const { number, password, cart } = body;
  const attempt = { kind: 'shopper', account: number, ip: request.ip, limits: LOGIN_LIMITS };
  const row = await limitedLogin(app.db, attempt, async () => {
    const user = await findUserByPhone(app.db, number);
    // Without an account, verify against a dummy hash so both failures take as long.
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
    return ok ? user : undefined;
  });
  if (!row) throw unauthorized(WRONG_LOGIN);
  reply.header('cache-control', 'no-store');
  await mergeIntoCart(app.db, row.id, cart ?? []);
  await discardSession(app.db, app.config, request, 'user');
  await startSession(app.db, app.config, reply, 'user', row.id);
  return toSessionUser(row);
}
