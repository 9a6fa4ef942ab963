/**
 * The logged-in shopper's own profile (docs/product.md#better-3): always the session's user,
 * never an id from the URL or body.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountApi } from '../../common/account-api.ts';
import { type ProfileInput, profileSchema } from '../../common/schemas/account.ts';
import { addAddressSchema, userResponseSchema } from '../../common/schemas/session.ts';
import { requireUser } from '../auth/guards.ts';
import type { Db } from '../db/tables.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { contractRoute } from '../http/contract-route.ts';
import { badRequest, conflict, unauthorized } from '../http/errors.ts';
import { addAddress, saveProfile } from './user-writes.ts';
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

  app.route({
    ...contractRoute(app, accountApi.profile, {
      tags: ['accounts'],
      summary: 'The shopper’s profile',
      response: { 200: userResponseSchema },
    }),
    handler: async (request) => current(request.userId!),
  });

  app.route({
    ...contractRoute(app, accountApi.updateProfile, {
      tags: ['accounts'],
      summary: 'Edit name, number, email and addresses',
      body: profileSchema,
      response: { 200: userResponseSchema },
    }),
    handler: async (request) => {
      await updateProfile(app.db, request.userId!, request.body);
      return current(request.userId!);
    },
  });

  app.route({
    ...contractRoute(app, accountApi.addAddress, {
      tags: ['accounts'],
      summary: 'Add a delivery address (checkout’s new address)',
      body: addAddressSchema,
      response: { 200: userResponseSchema },
    }),
    handler: async (request) => {
      const userId = request.userId!;
      const added = await addAddress(app.db, userId, request.body.address, MAX_ADDRESSES);
      if (added === 'gone') throw unauthorized();
      if (added === 'full') throw badRequest(`You can keep at most ${MAX_ADDRESSES} addresses`);
      return current(userId);
    },
  });
};

/** Saves the shopper's own profile: the API's edit and the page's form post (form-routes.ts). */
export async function updateProfile(db: Db, userId: string, profile: ProfileInput): Promise<void> {
  await assertPhoneFree(db, profile.number, userId);
  try {
    await saveProfile(db, userId, profile);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PHONE_TAKEN, { number: PHONE_TAKEN });
    throw err;
  }
}
