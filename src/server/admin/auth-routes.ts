/**
 * Admin log in and log out (docs/product.md#better-1, #better-4): a server session of kind 'admin',
 * separate from any shopper session; wrong logins are rate limited by username
 * and by address, and an unknown username costs as much time as a wrong password.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLoginSchema } from '../../common/schemas/account.ts';
import { adminSchema } from '../../common/schemas/admin.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords.ts';
import { checkLoginLimits, clearLoginFailures, recordLoginFailure } from '../auth/rate-limit.ts';
import { endSession, startSession } from '../auth/sessions.ts';
import { nowIso } from '../db/ids.ts';
import { AppError } from '../http/errors.ts';
import { toAdminAccount } from './admin-account.ts';

export const WRONG_LOGIN = 'The username or password is wrong';
/** Failures allowed in 15 minutes per username, and per client address. */
const PER_USERNAME = 5;
const PER_ADDRESS = 30;

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['admin'],
        summary: 'Log in as an admin',
        body: adminLoginSchema,
        response: { 200: z.object({ admin: adminSchema }) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const keys = [`admin:${username.toLowerCase()}`, `admin-ip:${request.ip}`];
      await checkLoginLimits(app.db, [
        { key: keys[0] as string, max: PER_USERNAME },
        { key: keys[1] as string, max: PER_ADDRESS },
      ]);
      const row = await app.db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
      const ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), password);
      if (!row || !ok) {
        await recordLoginFailure(app.db, keys);
        throw new AppError(401, 'wrong_login', WRONG_LOGIN);
      }
      await clearLoginFailures(app.db, [keys[0] as string]);
      const now = nowIso();
      await app.db.updateTable('admins').set({ last_login_at: now }).where('id', '=', row.id).execute();
      // A new token on every log in; an older admin session from this browser ends.
      await endSession(app.db, app.config, request, reply, 'admin');
      await startSession(app.db, app.config, reply, 'admin', row.id);
      return { admin: toAdminAccount({ ...row, last_login_at: now }) };
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['admin'], summary: 'Log out of the admin area', response: { 204: z.null() } } },
    async (request, reply) => {
      await endSession(app.db, app.config, request, reply, 'admin');
      return reply.status(204).send(null);
    },
  );
};

/** Who-am-I, registered inside the guarded scope. */
export const adminMeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      schema: { tags: ['admin'], summary: 'The logged-in admin', response: { 200: z.object({ admin: adminSchema }) } },
    },
    async (request) => {
      const row = await app.db
        .selectFrom('admins')
        .selectAll()
        .where('id', '=', request.adminId as string)
        .executeTakeFirstOrThrow();
      return { admin: toAdminAccount(row) };
    },
  );
};
