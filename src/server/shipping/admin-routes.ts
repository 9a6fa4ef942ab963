/**
 * The owner's shipping endpoints (docs/product.md#shipping), under the admin guard: an order's
 * shipment with its history, the manual courier's name and AWB, and its steps set by hand, which
 * go through applyTrackingEvent like a courier's scan, so the same rules hold (forward only, the
 * packing gate, the shopper's mails); and a parcel back at the shop received and checked (returns.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderReplySchema } from '../../common/schemas/admin-orders.ts';
import { orderNumberParamsSchema } from '../../common/schemas/order.ts';
import { adminShipmentReplySchema, manualShipmentSchema, shipmentStepSchema } from '../../common/schemas/shipping.ts';
import { stepRule } from '../../common/shipments.ts';
import { shippingApi } from '../../common/shipping-api.ts';
import type { Db } from '../db/tables.ts';
import { contractRoute } from '../http/contract-route.ts';
import { conflict, notFound } from '../http/errors.ts';
import { getOrder } from '../orders/admin-queries.ts';
import { ORDER_NOT_FOUND } from '../orders/lock.ts';
import { applyTrackingEvent } from './apply-event.ts';
import { MANUAL_COURIER_ID } from './couriers/manual/manual-courier.ts';
import { receiveReturn } from './returns.ts';
import {
  orderNumberExists,
  saveManualShipment,
  shipmentOfOrder,
  shipmentView,
  toAdminShipment,
  trackingHistory,
} from './shipments.ts';

export const NO_AWB_YET = 'Type the courier and its tracking number (AWB) first: the steps follow that parcel.';
export const NOT_MANUAL = 'This parcel is tracked by the courier itself: its steps come from the courier.';

async function shipmentReply(db: Db, orderNumber: string, orderHeld: string | null = null) {
  const row = await shipmentOfOrder(db, orderNumber);
  if (!row) {
    if (!(await orderNumberExists(db, orderNumber))) throw notFound(ORDER_NOT_FOUND);
    return { shipment: null, history: [], orderHeld };
  }
  const view = shipmentView(row);
  return {
    shipment: toAdminShipment(view),
    history: row.awb ? await trackingHistory(db, row.awb) : [],
    orderHeld,
  };
}

export const shippingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, shippingApi.adminShipment, {
      tags: ['admin'],
      summary: 'An order’s shipment: courier, AWB, step, latest scan and its history',
      params: orderNumberParamsSchema,
      response: { 200: adminShipmentReplySchema },
    }),
    handler: async (request) => shipmentReply(app.db, request.params.orderNumber),
  });

  app.route({
    ...contractRoute(app, shippingApi.saveShipment, {
      tags: ['admin'],
      summary: 'The manual courier: the courier’s name and the tracking number (AWB) of an order’s parcel',
      params: orderNumberParamsSchema,
      body: manualShipmentSchema,
      response: { 200: adminShipmentReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      await saveManualShipment(app.db, orderNumber, request.body);
      return shipmentReply(app.db, orderNumber);
    },
  });

  app.route({
    ...contractRoute(app, shippingApi.setStep, {
      tags: ['admin'],
      summary: 'The manual courier: set the parcel’s step by hand (forward only; the order and mails follow)',
      params: orderNumberParamsSchema,
      body: shipmentStepSchema,
      response: { 200: adminShipmentReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      const { step, reason } = request.body;
      const row = await shipmentOfOrder(app.db, orderNumber);
      if (!row?.awb) throw conflict(NO_AWB_YET);
      if (row.courier !== MANUAL_COURIER_ID) throw conflict(NOT_MANUAL);
      const at = new Date().toISOString();
      const result = await applyTrackingEvent(
        app.db,
        app.config,
        {
          awb: row.awb,
          // The owner's click is its own event: a second click of the same step later is a new scan.
          statusId: `owner:${step}`,
          statusText: stepRule(step).ownerLabel,
          step,
          at,
          location: null,
          reason: step === 'undelivered' ? reason || null : null,
          attempt: null,
          expectedBy: null,
        },
        { strict: true },
      );
      app.mail.nudge();
      return shipmentReply(app.db, orderNumber, result.orderHeld);
    },
  });

  app.route({
    ...contractRoute(app, shippingApi.receivedBack, {
      tags: ['admin'],
      summary:
        'A parcel back at the shop, received and checked: the order ends as Returned, stock back once, credit note issued',
      params: orderNumberParamsSchema,
      response: { 200: adminOrderReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      const outcome = await receiveReturn(app.db, app.config, orderNumber, request.adminId!);
      if (outcome === 'returned') app.mail.nudge();
      const order = await getOrder(app.db, orderNumber);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      return { order };
    },
  });
};
