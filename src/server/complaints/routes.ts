/** POST /api/complaints: the complaint form of /contact, open to anyone (docs/product.md#contact). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complaintApi } from '../../common/complaint-api.ts';
import { complaintCreatedSchema, complaintRequestSchema } from '../../common/schemas/complaint.ts';
import { apiErrorSchema as errorSchema } from '../../common/schemas/error.ts';
import { contractRoute } from '../http/contract-route.ts';
import { fileComplaint } from './file-complaint.ts';

export const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, complaintApi.file, {
      tags: ['complaints'],
      summary: 'File a complaint with the grievance officer; answers its ticket number',
      body: complaintRequestSchema,
      response: { 201: complaintCreatedSchema, 400: errorSchema, 429: errorSchema },
    }),
    handler: async (request, reply) => {
      const created = await fileComplaint(app.db, app.config, request.body, request.ip);
      app.mail.nudge();
      return reply.status(201).send(created);
    },
  });
};
