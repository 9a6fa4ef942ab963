/**
 * Orders for the admin: a filtered, searchable page, one order, the state change
 * (any state in any order, SPEC §4; each change kept with its time and admin,
 * DESIGN.md 18) and a CSV export.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderPageSchema,
  adminOrderSchema,
  ORDER_PAGE_SIZE,
  orderListQuerySchema,
  orderStateInputSchema,
} from '../../common/schemas/admin-orders.ts';
import { newId, nowIso } from '../db/ids.ts';
import { notFound } from '../http/errors.ts';
import { toCsv } from '../leads/csv.ts';
import { countOrders, getOrder, listOrders } from './order-queries.ts';

const idParams = z.object({ id: z.string().min(1).max(40) });
const NOT_FOUND = 'This order does not exist';
/** The export is for a small shop's records; past this, narrow it by state. */
const EXPORT_MAX = 50_000;

/** "2025-01-31 14:05" in India time, as a spreadsheet reads it. */
export function indiaDateTime(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
}

export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders, newest first: filter by state, search by order id or phone',
        querystring: orderListQuerySchema,
        response: { 200: adminOrderPageSchema },
      },
    },
    async (request) => {
      const { page, ...filter } = request.query;
      const total = await countOrders(app.db, filter);
      const items = await listOrders(app.db, filter, ORDER_PAGE_SIZE, (page - 1) * ORDER_PAGE_SIZE);
      return { items, total, page, pageCount: Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE)) };
    },
  );

  app.get(
    '/orders/export.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders as CSV, one row per order line (same filters as the list)',
        querystring: orderListQuerySchema.omit({ page: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const orders = await listOrders(app.db, request.query, EXPORT_MAX, 0);
      const rows: Array<Array<string | number | null>> = [
        [
          'order id',
          'date (IST)',
          'state',
          'customer',
          'phone',
          'address',
          'product id',
          'product',
          'quantity',
          'selling price',
          'order total',
        ],
      ];
      for (const o of orders) {
        for (const l of o.lines) {
          rows.push([
            o.id,
            indiaDateTime(o.createdAt),
            o.status,
            o.userName,
            o.userPhone,
            o.address,
            l.productId,
            l.productName,
            l.quantity,
            l.discountPrice,
            o.total,
          ]);
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${nowIso().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(toCsv(rows));
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One order with its lines and state history',
        params: idParams,
        response: { 200: z.object({ order: adminOrderSchema }) },
      },
    },
    async (request) => {
      const order = await getOrder(app.db, request.params.id);
      if (!order) throw notFound(NOT_FOUND);
      return { order };
    },
  );

  app.patch(
    '/orders/:id/state',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set an order’s state (ordered, packed, dispatched, delivered, cancelled)',
        params: idParams,
        body: orderStateInputSchema,
        response: { 200: z.object({ order: adminOrderSchema }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { state } = request.body;
      await app.db.transaction().execute(async (trx) => {
        // The update takes the order's row lock first; the time is read after it,
        // and kept later than the order's last event, so two admins' changes are
        // recorded in the order they committed (the last event is the state).
        const result = await trx.updateTable('orders').set({ status: state }).where('id', '=', id).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound(NOT_FOUND);
        const last = await trx
          .selectFrom('order_events')
          .select((eb) => eb.fn.max('created_at').as('at'))
          .where('order_id', '=', id)
          .executeTakeFirst();
        const lastMs = last?.at ? Date.parse(last.at) : 0;
        const now = nowIso(Math.max(Date.now(), lastMs + 1));
        await trx.updateTable('orders').set({ updated_at: now }).where('id', '=', id).execute();
        await trx
          .insertInto('order_events')
          .values({ id: newId(), order_id: id, status: state, admin_id: request.adminId, created_at: now })
          .execute();
      });
      const order = await getOrder(app.db, id);
      if (!order) throw notFound(NOT_FOUND);
      return { order };
    },
  );
};
