/** The admin list (usernames and times, never passwords), adding an admin, changing one's own password. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAreaApi } from '../../common/admin-api.ts';
import { adminListSchema, adminReplySchema, changePasswordSchema, newAdminSchema } from '../../common/schemas/admin.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { cookieName, hashToken } from '../auth/sessions.ts';
import { contractRoute, noContentSchema } from '../http/contract-route.ts';
import { AppError, conflict } from '../http/errors.ts';
import { toAdminAccount } from './admin-account.ts';
import {
  changeAdminPassword,
  getAdminById,
  getAdminByUsername,
  isAdminUsernameTaken,
  listAdmins,
} from './admin-queries.ts';
import { createAdmin } from './first-admin.ts';

export const adminsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, adminAreaApi.admins, {
      tags: ['admin'],
      summary: 'Every admin: username, created and last log-in times',
      response: { 200: adminListSchema },
    }),
    handler: async () => ({ admins: await listAdmins(app.db) }),
  });

  app.route({
    ...contractRoute(app, adminAreaApi.addAdmin, {
      tags: ['admin'],
      summary: 'Add an admin',
      body: newAdminSchema,
      response: { 201: adminReplySchema },
    }),
    handler: async (request, reply) => {
      const { username, password } = request.body;
      // Usernames are matched case-insensitively here so "Owner" and "owner" cannot both exist.
      if (await isAdminUsernameTaken(app.db, username))
        throw conflict('That username is already taken', { username: 'That username is already taken' });
      try {
        await createAdmin(app.db, username, password);
      } catch (err) {
        // Two requests adding the same name at once: the unique index decides.
        if (/unique|duplicate/i.test(String(err))) {
          throw conflict('That username is already taken', { username: 'That username is already taken' });
        }
        throw err;
      }
      const row = await getAdminByUsername(app.db, username);
      return reply.status(201).send({ admin: toAdminAccount(row) });
    },
  });

  app.route({
    ...contractRoute(app, adminAreaApi.changePassword, {
      tags: ['admin'],
      summary: 'Change your own password (needs the current one)',
      body: changePasswordSchema,
      response: { 204: noContentSchema },
    }),
    handler: async (request, reply) => {
      const adminId = request.adminId as string;
      const row = await getAdminById(app.db, adminId);
      if (!(await verifyPassword(row.password_hash, request.body.currentPassword))) {
        throw new AppError(400, 'wrong_password', 'Your current password is wrong', {
          currentPassword: 'Your current password is wrong',
        });
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      const currentToken = request.cookies[cookieName('admin', app.config)];
      // Other sessions of this admin end, in the same transaction.
      await changeAdminPassword(app.db, adminId, passwordHash, currentToken ? hashToken(currentToken) : undefined);
      return reply.status(204).send(null);
    },
  });
};
