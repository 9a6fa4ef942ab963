/**
 * Admin log in and log out (docs/product.md#better-1, #better-4): a server session of kind 'admin',
 * separate from any shopper session. Attempts are counted before the password is
 * checked, by username and address, by address, and by username from unfamiliar
 * addresses (auth/login-limits.ts), and an unknown username costs as much time as a wrong password.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAreaApi } from '../../common/admin-api.ts';
import { adminLoginSchema } from '../../common/schemas/account.ts';
import { adminReplySchema } from '../../common/schemas/admin.ts';
import { type LoginLimits, limitedLogin } from '../auth/login-limits.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords.ts';
import { endSession, startSession } from '../auth/sessions.ts';
import { nowIso } from '../db/ids.ts';
import { contractRoute, noContentSchema } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { toAdminAccount } from './admin-account.ts';
import { findAdminByUsername, getAdminById, recordAdminLogin } from './admin-queries.ts';

export const WRONG_LOGIN = 'The username or password is wrong';
/** Log-in attempts per 15 minutes (docs/product.md#admin-dashboard). */
export const ADMIN_LOGIN_LIMITS: LoginLimits = { perAccountAddress: 5, perAddress: 30, perAccountElsewhere: 20 };

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, adminAreaApi.login, {
      tags: ['admin'],
      summary: 'Log in as an admin',
      body: adminLoginSchema,
      response: { 200: adminReplySchema },
    }),
    handler: async (request, reply) => {
      const { username, password } = request.body;
      const attempt = { kind: 'admin', account: username.toLowerCase(), ip: request.ip, limits: ADMIN_LOGIN_LIMITS };
      const row = await limitedLogin(app.db, attempt, async () => {
        const admin = await findAdminByUsername(app.db, username);
        const ok = await verifyPassword(admin?.password_hash ?? (await dummyPasswordHash()), password);
        return ok ? admin : undefined;
      });
      if (!row) throw new AppError(401, 'wrong_login', WRONG_LOGIN);
      reply.header('cache-control', 'no-store');
      const now = nowIso();
      await recordAdminLogin(app.db, row.id, now);
      // A new token on every log in; an older admin session from this browser ends.
      await endSession(app.db, app.config, request, reply, 'admin');
      await startSession(app.db, app.config, reply, 'admin', row.id);
      return { admin: toAdminAccount({ ...row, last_login_at: now }) };
    },
  });

  app.route({
    ...contractRoute(app, adminAreaApi.logout, {
      tags: ['admin'],
      summary: 'Log out of the admin area',
      response: { 204: noContentSchema },
    }),
    handler: async (request, reply) => {
      await endSession(app.db, app.config, request, reply, 'admin');
      return reply.status(204).send(null);
    },
  });
};

/** Who-am-I, registered inside the guarded scope. */
export const adminMeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, adminAreaApi.me, {
      tags: ['admin'],
      summary: 'The logged-in admin',
      response: { 200: adminReplySchema },
    }),
    handler: async (request) => ({ admin: toAdminAccount(await getAdminById(app.db, request.adminId as string)) }),
  });
};
