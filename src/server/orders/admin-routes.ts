/**
 * Orders for the admin: a filtered, searchable page, one order, the state change
 * and the advance's finding (orders/order-changes.ts), and a CSV export.
 * Orders are named by their number.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADVANCE_ADMIN_LABELS } from '../../common/advance.ts';
import { indiaDateTimeCell } from '../../common/india-time.ts';
import { orderApi } from '../../common/order-api.ts';
import { addressDoubtSchema } from '../../common/schemas/address-check.ts';
import {
  adminOrderPageSchema,
  adminOrderReplySchema,
  advanceActionSchema,
  ORDER_PAGE_SIZE,
  orderListQuerySchema,
  orderStateInputSchema,
} from '../../common/schemas/admin-orders.ts';
import { orderNumberParamsSchema } from '../../common/schemas/order.ts';
import { plainLine } from '../../common/text.ts';
import { nowIso } from '../db/ids.ts';
import { contractRoute } from '../http/contract-route.ts';
import { toCsv } from '../leads/csv.ts';
import { clearAddressDoubt, markAddressDoubtful } from './address-check.ts';
import { adminOrderOrThrow, countOrders, listOrders } from './admin-queries.ts';
import { recordAdvance, setOrderState } from './order-changes.ts';

/** The export is for a small shop's records; past this, narrow it by state. */
const EXPORT_MAX = 50_000;

export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, orderApi.adminOrders, {
      tags: ['admin'],
      summary: 'Orders, newest first: filter by state and advance, search by order number, phone or UPI reference',
      querystring: orderListQuerySchema,
      response: { 200: adminOrderPageSchema },
    }),
    handler: async (request) => {
      const { page, ...filter } = request.query;
      const total = await countOrders(app.db, filter);
      const items = await listOrders(app.db, filter, ORDER_PAGE_SIZE, (page - 1) * ORDER_PAGE_SIZE);
      const pageCount = Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE));
      return { items, total, page, pageCount, gstin: app.config.invoice.gstin ?? null };
    },
  });

  app.route({
    ...contractRoute(app, orderApi.exportCsv, {
      tags: ['admin'],
      summary: 'Orders as CSV, one row per order line (same filters as the list)',
      querystring: orderListQuerySchema.omit({ page: true }),
      produces: ['text/csv'],
    }),
    handler: async (request, reply) => {
      const orders = await listOrders(app.db, request.query, EXPORT_MAX, 0);
      const rows: Array<Array<string | number | null>> = [
        [
          'order number',
          'date (IST)',
          'state',
          'advance',
          'UTR',
          'customer',
          'phone',
          'address',
          'product id',
          'product',
          'quantity',
          'selling price',
          'order total',
          'advance amount',
          'to pay on delivery',
        ],
      ];
      for (const o of orders) {
        for (const l of o.lines) {
          rows.push([
            o.number,
            indiaDateTimeCell(o.createdAt),
            o.status,
            ADVANCE_ADMIN_LABELS[o.advance.state],
            o.advance.utr,
            // Rows stored before the plain-text rule may hold line breaks: one line per cell (text.ts).
            plainLine(o.userName),
            o.userPhone,
            plainLine(o.address),
            l.productId,
            plainLine(l.productName),
            l.quantity,
            l.discountPrice,
            o.total,
            // The order's own advance, never today's COD_ADVANCE (docs/decisions/024-advance-on-the-order.md).
            o.advance.amount,
            o.advance.balance,
          ]);
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${nowIso().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(toCsv(rows));
    },
  });

  app.route({
    ...contractRoute(app, orderApi.adminOrder, {
      tags: ['admin'],
      summary: 'One order by its number, with its lines and history',
      params: orderNumberParamsSchema,
      response: { 200: adminOrderReplySchema },
    }),
    handler: async (request) => ({ order: await adminOrderOrThrow(app.db, request.params.orderNumber) }),
  });

  app.route({
    ...contractRoute(app, orderApi.setState, {
      tags: ['admin'],
      summary:
        'Set an order’s state (ordered, packed, dispatched, delivered, cancelled); packing and later need the advance',
      params: orderNumberParamsSchema,
      body: orderStateInputSchema,
      response: { 200: adminOrderReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      const { state, supplyState } = request.body;
      await setOrderState(app.db, app.config, orderNumber, state, request.adminId!, supplyState);
      app.mail.nudge();
      return { order: await adminOrderOrThrow(app.db, orderNumber) };
    },
  });

  app.route({
    ...contractRoute(app, orderApi.markAddressDoubt, {
      tags: ['admin'],
      summary: 'Mark the address doubtful before packing: the shopper gets a link to correct it, packing waits',
      params: orderNumberParamsSchema,
      body: addressDoubtSchema,
      response: { 200: adminOrderReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      await markAddressDoubtful(app.db, app.config, orderNumber, request.body.note, request.adminId!);
      app.mail.nudge();
      return { order: await adminOrderOrThrow(app.db, orderNumber) };
    },
  });

  app.route({
    ...contractRoute(app, orderApi.clearAddressDoubt, {
      tags: ['admin'],
      summary: 'Take back the doubtful address mark: packing may go on',
      params: orderNumberParamsSchema,
      response: { 200: adminOrderReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      await clearAddressDoubt(app.db, orderNumber, request.adminId!);
      return { order: await adminOrderOrThrow(app.db, orderNumber) };
    },
  });

  app.route({
    ...contractRoute(app, orderApi.recordAdvance, {
      tags: ['admin'],
      summary: 'Record the owner’s finding on the advance: received, refused (with a reason) or waived (with a note)',
      params: orderNumberParamsSchema,
      body: advanceActionSchema,
      response: { 200: adminOrderReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      await recordAdvance(app.db, app.config, orderNumber, request.body, request.adminId!);
      app.mail.nudge();
      return { order: await adminOrderOrThrow(app.db, orderNumber) };
    },
  });
};
