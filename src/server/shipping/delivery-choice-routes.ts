/**
 * Failed deliveries' endpoints (docs/product.md#failed-deliveries): the shopper's choice through
 * the signed link (no log-in: the token is the key, delivery-choice-link.ts), and the owner's queue
 * and "Send to courier" (registered in the admin scope, behind requireAdmin).
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryChoiceApi } from '../../common/delivery-choice-api.ts';
import {
  CHOICE_LINK_MESSAGE,
  choicePageSchema,
  choiceParamsSchema,
  deliveryChoiceInputSchema,
  failedDeliveriesSchema,
  sendChoiceReplySchema,
} from '../../common/schemas/delivery-choice.ts';
import { orderNumberParamsSchema } from '../../common/schemas/order.ts';
import { type Limit, takeSlots } from '../auth/rate-limit.ts';
import { ensureLinkSecret } from '../auth/signed-links.ts';
import { contractRoute } from '../http/contract-route.ts';
import { AppError, notFound } from '../http/errors.ts';
import { tokenMatches } from './delivery-choice-link.ts';
import { choicePage, failedDeliveries, saveChoice } from './delivery-choices.ts';
import { sendDeliveryChoice, sendFailure } from './send-delivery-choice.ts';

/** Courier calls the shopper's link may cause for one order in an hour; the owner's sends are not limited. */
export const SHOPPER_SENDS_PER_ORDER = 3;
export const SHOPPER_SENDS_TOO_MANY =
  'Your choice is saved and the shop will pass it to the courier. It was changed many times in a short while: please wait an hour before changing it again, or call us.';
const shopperSendLimit = (orderId: string): Limit => ({
  key: `ndr@${orderId}`,
  max: SHOPPER_SENDS_PER_ORDER,
  windowMs: 60 * 60_000,
});

/** The link's page, or the one 404 for a wrong token, another order's token, or an unknown order. */
export async function checkedChoicePage(app: FastifyInstance, orderNumber: string, token: string) {
  await ensureLinkSecret(app.db, app.config);
  if (!tokenMatches(app.config, orderNumber, token)) throw notFound(CHOICE_LINK_MESSAGE);
  const page = await choicePage(app.db, orderNumber, app.courier.retryDelivery !== undefined);
  if (!page) throw notFound(CHOICE_LINK_MESSAGE);
  return page;
}

export const deliveryChoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, deliveryChoiceApi.page, {
      tags: ['shipping'],
      summary: 'A failed delivery’s choice page, through the link sent to the shopper (no log-in)',
      params: choiceParamsSchema,
      response: { 200: choicePageSchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkedChoicePage(app, request.params.orderNumber, request.params.token);
    },
  });

  app.route({
    ...contractRoute(app, deliveryChoiceApi.choose, {
      tags: ['shipping'],
      summary: 'The shopper’s choice after a failed delivery: another attempt on a day (phone, landmark), or cancel',
      params: choiceParamsSchema,
      body: deliveryChoiceInputSchema,
      response: { 200: choicePageSchema },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { orderNumber, token } = request.params;
      await checkedChoicePage(app, orderNumber, token);
      const row = await saveChoice(app.db, orderNumber, request.body);
      // A new attempt goes to a courier's API at once (decision 035); a cancel waits for the owner.
      if (row.action === 're-attempt' && app.courier.retryDelivery !== undefined) {
        // The choice is saved above for the owner's queue whatever happens here; the courier is
        // called only a few times per order in a window (issue 34: 12 PUTs made 12 NDR calls
        // while the courier refused or was down).
        if (await takeSlots(app.db, [shopperSendLimit(row.order_id)])) {
          throw new AppError(429, 'too_many_attempts', SHOPPER_SENDS_TOO_MANY);
        }
        try {
          const result = await sendDeliveryChoice(app.db, app.courier, orderNumber, 'shopper');
          if (result.outcome !== 'sent') request.log.warn({ orderNumber, result }, 'delivery choice not sent');
        } catch (err) {
          // Another sender has it, or the parcel moved on: the owner's queue shows what happened.
          request.log.warn({ err, orderNumber }, 'delivery choice not sent');
        }
      }
      return checkedChoicePage(app, orderNumber, token);
    },
  });
};

export const failedDeliveryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, deliveryChoiceApi.queue, {
      tags: ['admin'],
      summary:
        'Failed deliveries: parcels whose latest step is a failed attempt, with the reason and the shopper’s choice',
      response: { 200: failedDeliveriesSchema },
    }),
    handler: async () => ({
      items: await failedDeliveries(app.db, app.config),
      automatic: app.courier.retryDelivery !== undefined,
    }),
  });

  app.route({
    ...contractRoute(app, deliveryChoiceApi.send, {
      tags: ['admin'],
      summary: 'Sends the shopper’s choice to the courier (its failed-delivery action), or marks it phoned in',
      params: orderNumberParamsSchema,
      response: { 200: sendChoiceReplySchema },
    }),
    handler: async (request) => {
      const { orderNumber } = request.params;
      const failure = sendFailure(await sendDeliveryChoice(app.db, app.courier, orderNumber, 'owner'));
      if (failure) throw failure;
      const items = await failedDeliveries(app.db, app.config);
      return { item: items.find((i) => i.number === orderNumber) ?? null };
    },
  });
};
