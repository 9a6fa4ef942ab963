/**
 * The logged-in shopper's own profile (docs/product.md#better-3): always the session's user,
 * never an id from the URL or body.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileSchema } from '../../common/schemas/account.ts';
import { addAddressSchema, userResponseSchema } from '../../common/schemas/session.ts';
import { requireUser } from '../auth/guards.ts';
import { nowIso } from '../db/ids.ts';
import { parseJsonList, toJson } from '../db/json.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { badRequest, conflict, unauthorized } from '../http/errors.ts';
import { assertPhoneFree, findUserById, PHONE_TAKEN } from './users.ts';

const MAX_ADDRESSES = 20;

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);

  const current = async (userId: string) => {
    const user = await findUserById(app.db, userId);
    // The account was removed while the session lived on.
    if (!user) throw unauthorized();
    return { user };
  };

  app.get(
    '/profile',
    { schema: { tags: ['accounts'], summary: 'The shopper’s profile', response: { 200: userResponseSchema } } },
    async (request) => current(request.userId!),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Edit name, number, email and addresses',
        body: profileSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const userId = request.userId!;
      const { name, number, email, addresses } = request.body;
      await assertPhoneFree(app.db, number, userId);
      try {
        await app.db
          .updateTable('users')
          .set({ name, phone: number, email, addresses: toJson(addresses), updated_at: nowIso() })
          .where('id', '=', userId)
          .where('deleted_at', 'is', null)
          .execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(PHONE_TAKEN, { number: PHONE_TAKEN });
        throw err;
      }
      return current(userId);
    },
  );

  app.post(
    '/profile/addresses',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Add a delivery address (checkout’s new address)',
        body: addAddressSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const userId = request.userId!;
      const { address } = request.body;
      const row = await app.db.selectFrom('users').select('addresses').where('id', '=', userId).executeTakeFirst();
      if (!row) throw unauthorized();
      const addresses = parseJsonList<string>(row.addresses);
      if (!addresses.includes(address)) {
        if (addresses.length >= MAX_ADDRESSES) throw badRequest(`You can keep at most ${MAX_ADDRESSES} addresses`);
        addresses.push(address);
        await app.db
          .updateTable('users')
          .set({ addresses: toJson(addresses), updated_at: nowIso() })
          .where('id', '=', userId)
          .where('deleted_at', 'is', null)
          .execute();
      }
      return current(userId);
    },
  );
};
