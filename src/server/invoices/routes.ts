/**
 * The paperwork's addresses (docs/product.md#invoice): the owner's invoice, label and labels of several
 * orders under /api/admin (inside the admin guard), and the shopper's own invoice under /api/orders
 * (inside the orders' shopper guard).
 * Each answers a PDF drawn while it is sent.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditNoteApi } from '../../common/credit-note-api.ts';
import { formatRupees } from '../../common/money.ts';
import { orderApi } from '../../common/order-api.ts';
import { stateRule } from '../../common/orders.ts';
import { hasLabel, shopperMayReadInvoice } from '../../common/paperwork.ts';
import { LABELS_MAX, LABELS_MESSAGE, labelsQuerySchema } from '../../common/schemas/admin-orders.ts';
import { orderNumberParamsSchema, orderNumberSchema } from '../../common/schemas/order.ts';
import { contractRoute } from '../http/contract-route.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { ORDER_NOT_FOUND as ADMIN_ORDER_NOT_FOUND } from '../orders/lock.ts';
import { ORDER_NOT_FOUND } from '../orders/queries.ts';
import { creditNotePdf } from './credit-note-pdf.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { labelsPdf } from './label-pdf.ts';
import { type PaperOrder, paperOrders } from './queries.ts';
import { signaturePng } from './signature.ts';

const pdfSchema = { produces: ['application/pdf'] };

export const noInvoiceYet = (orderNumber: string) =>
  `Order ${orderNumber} has no invoice yet: it is given when the order is dispatched.`;
export const SHOPPER_NO_INVOICE_YET = 'The invoice of this order is ready once it is dispatched.';
export const cancelledLabel = (orderNumber: string) => `Order ${orderNumber} is cancelled: it has no label to print.`;
export const unsettledLabel = (orderNumber: string, advance: number) =>
  `Order ${orderNumber} cannot be packed before its ${formatRupees(advance)} advance is received, so it has no label yet. ` +
  'Mark the advance received, or waive it with a note.';

/** Why an order has no label, or null: labels are for orders past the packing gate that still go out. */
function labelProblem(order: PaperOrder): string | null {
  if (hasLabel(order.status, order.advanceState)) return null;
  return !stateRule(order.status).live
    ? cancelledLabel(order.number)
    : unsettledLabel(order.number, order.advanceAmount);
}

function invoiceFileName(invoiceNumber: string): string {
  return `invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`;
}

function creditNoteFileName(creditNoteNumber: string): string {
  return `credit-note-${creditNoteNumber.replaceAll('/', '-')}.pdf`;
}

export const noCreditNote = (orderNumber: string) =>
  `Order ${orderNumber} has no credit note: one is given when an invoiced order is cancelled or comes back.`;
export const SHOPPER_NO_CREDIT_NOTE = 'This order has no credit note.';

export const invoiceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, orderApi.adminInvoice, {
      tags: ['admin'],
      summary: 'The order’s GST invoice (a receipt without SHOP_GSTIN) as a PDF; 404 before dispatch',
      params: orderNumberParamsSchema,
      ...pdfSchema,
    }),
    handler: async (request, reply) => {
      const { orderNumber } = request.params;
      const [order] = await paperOrders(app.db, [orderNumber]);
      if (!order) throw notFound(ADMIN_ORDER_NOT_FOUND);
      if (!order.invoice) throw notFound(noInvoiceYet(order.number));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${invoiceFileName(order.invoice.number)}"`)
        .send(invoicePdf(order, app.config.shop, { signature: await signaturePng(app.db, app.media) }));
    },
  });

  app.route({
    ...contractRoute(app, creditNoteApi.adminCreditNote, {
      tags: ['admin'],
      summary: 'The credit note of an invoiced order that was cancelled or came back, as a PDF; 404 when it has none',
      params: orderNumberParamsSchema,
      ...pdfSchema,
    }),
    handler: async (request, reply) => {
      const [order] = await paperOrders(app.db, [request.params.orderNumber]);
      if (!order) throw notFound(ADMIN_ORDER_NOT_FOUND);
      if (!order.creditNote) throw notFound(noCreditNote(order.number));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${creditNoteFileName(order.creditNote.number)}"`)
        .send(creditNotePdf(order, app.config.shop, { signature: await signaturePng(app.db, app.media) }));
    },
  });

  app.route({
    ...contractRoute(app, orderApi.label, {
      tags: ['admin'],
      summary: 'The order’s packing slip and shipping label (4 × 6 in) as a PDF, with the cash to collect',
      params: orderNumberParamsSchema,
      ...pdfSchema,
    }),
    handler: async (request, reply) => {
      const [order] = await paperOrders(app.db, [request.params.orderNumber]);
      if (!order) throw notFound(ADMIN_ORDER_NOT_FOUND);
      const problem = labelProblem(order);
      if (problem) throw new AppError(409, 'no_label', problem);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="label-${order.number}.pdf"`)
        .send(labelsPdf([order], app.config.shop));
    },
  });

  app.route({
    ...contractRoute(app, orderApi.labels, {
      tags: ['admin'],
      summary: `The labels of several orders as one PDF (?numbers=TSW-10427,TSW-10428; at most ${LABELS_MAX})`,
      querystring: labelsQuerySchema,
      ...pdfSchema,
    }),
    handler: async (request, reply) => {
      const numbers = [...new Set(request.query.numbers.split(','))];
      if (numbers.length > LABELS_MAX || numbers.some((n) => !orderNumberSchema.safeParse(n).success)) {
        throw badRequest(LABELS_MESSAGE);
      }
      const orders = await paperOrders(app.db, numbers);
      const found = new Set(orders.map((o) => o.number));
      const missing = numbers.filter((n) => !found.has(n));
      if (missing.length > 0) throw notFound(`These orders do not exist: ${missing.join(', ')}`);
      const problems = orders.map(labelProblem).filter((p) => p !== null);
      if (problems.length > 0) throw new AppError(409, 'no_label', problems.join(' '));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="labels-${orders.length}-orders.pdf"`)
        .send(labelsPdf(orders, app.config.shop));
    },
  });
};

/** Registered inside orders/routes.ts (by src/server/routes.ts), whose guard (a shopper's session) and no-store answers it takes. */
export const invoiceShopperRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, orderApi.invoice, {
      tags: ['orders'],
      summary: 'The invoice of one of the shopper’s own dispatched or delivered orders, as a PDF (404 otherwise)',
      params: orderNumberParamsSchema,
      ...pdfSchema,
    }),
    handler: async (request, reply) => {
      // Another shopper's order is the same 404 as a missing one.
      const [order] = await paperOrders(app.db, [request.params.orderNumber], request.userId!);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (!order.invoice || !shopperMayReadInvoice(order.status, order.creditNote !== null)) {
        throw notFound(SHOPPER_NO_INVOICE_YET);
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${invoiceFileName(order.invoice.number)}"`)
        .send(invoicePdf(order, app.config.shop, { signature: await signaturePng(app.db, app.media) }));
    },
  });

  app.route({
    ...contractRoute(app, creditNoteApi.creditNote, {
      tags: ['orders'],
      summary: 'The credit note of one of the shopper’s own orders (cancelled or returned after its invoice), as a PDF',
      params: orderNumberParamsSchema,
      ...pdfSchema,
    }),
    handler: async (request, reply) => {
      const [order] = await paperOrders(app.db, [request.params.orderNumber], request.userId!);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (!order.creditNote) throw notFound(SHOPPER_NO_CREDIT_NOTE);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${creditNoteFileName(order.creditNote.number)}"`)
        .send(creditNotePdf(order, app.config.shop, { signature: await signaturePng(app.db, app.media) }));
    },
  });
};
