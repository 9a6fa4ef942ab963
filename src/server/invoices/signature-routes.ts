/**
 * The owner's signature for invoices and credit notes (docs/product.md#the-books-credit-notes-and-gstr-1),
 * inside the admin guard: which uploaded picture it is, and setting or removing it. The picture itself
 * goes up through the pictures' upload (media/upload-routes.ts) first; only a stored picture is taken.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditNoteApi } from '../../common/credit-note-api.ts';
import { SIGNATURE_UNKNOWN_IMAGE, signatureInputSchema, signatureReplySchema } from '../../common/schemas/signature.ts';
import { contractRoute } from '../http/contract-route.ts';
import { badRequest } from '../http/errors.ts';
import { imageExists } from '../media/store.ts';
import { setSignatureImage, signatureImageId } from './signature.ts';

export const signatureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, creditNoteApi.signature, {
      tags: ['admin'],
      summary: 'The picture printed above “Authorised signatory” on invoices and credit notes (null: none)',
      response: { 200: signatureReplySchema },
    }),
    handler: async () => ({ imageId: await signatureImageId(app.db) }),
  });

  app.route({
    ...contractRoute(app, creditNoteApi.setSignature, {
      tags: ['admin'],
      summary: 'Sets the signature to an uploaded picture, or removes it (null)',
      body: signatureInputSchema,
      response: { 200: signatureReplySchema },
    }),
    handler: async (request) => {
      const { imageId } = request.body;
      if (imageId !== null && !(await imageExists(app.media, imageId))) throw badRequest(SIGNATURE_UNKNOWN_IMAGE);
      await setSignatureImage(app.db, imageId);
      return { imageId };
    },
  });
};
