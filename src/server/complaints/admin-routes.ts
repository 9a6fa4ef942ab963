/**
 * The owner's complaints (docs/product.md#contact): open ones oldest first with the
 * overdue (past 48 hours) marked, answered ones, and marking one answered.
 * Registered inside the admin scope (admin/routes.ts), behind requireAdmin.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complaintApi } from '../../common/complaint-api.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import {
  answerComplaintSchema,
  answeredComplaintSchema,
  complaintListQuerySchema,
  complaintPageSchema,
  ticketParamsSchema,
} from '../../common/schemas/complaint.ts';
import { contractRoute } from '../http/contract-route.ts';
import { notFound } from '../http/errors.ts';
import {
  answerComplaint,
  COMPLAINT_NOT_FOUND,
  countComplaints,
  countOpenComplaints,
  findComplaint,
  listComplaints,
} from './queries.ts';

export const complaintAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, complaintApi.list, {
      tags: ['admin'],
      summary: 'Complaints: open (oldest first), answered or all, 40 a page, with the open and overdue counts',
      querystring: complaintListQuerySchema,
      response: { 200: complaintPageSchema },
    }),
    handler: async (request) => {
      const { view, page } = request.query;
      const now = Date.now();
      const [total, items, counts] = await Promise.all([
        countComplaints(app.db, view),
        listComplaints(app.db, view, PAGE_SIZE, (page - 1) * PAGE_SIZE, now),
        countOpenComplaints(app.db, now),
      ]);
      return {
        items,
        total,
        page,
        pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        openCount: counts.open,
        overdueCount: counts.overdue,
      };
    },
  });

  app.route({
    ...contractRoute(app, complaintApi.answer, {
      tags: ['admin'],
      summary: 'Mark a complaint answered, with an optional note of what was done',
      params: ticketParamsSchema,
      body: answerComplaintSchema,
      response: { 200: answeredComplaintSchema },
    }),
    handler: async (request) => {
      const { ticket } = request.params;
      await answerComplaint(app.db, ticket, request.adminId as string, request.body.note);
      const complaint = await findComplaint(app.db, ticket);
      if (!complaint) throw notFound(COMPLAINT_NOT_FOUND);
      return { complaint };
    },
  });
};
