/**
 * Failed deliveries' endpoints (src/common/api-contract.ts; docs/product.md#failed-deliveries): the
 * shopper's choice through a signed link (no log-in), and the owner's queue and "Send to courier".
 * Types only: zod stays out of the bundle.
 */
import { endpoint } from './api-contract.ts';
import type { ChoicePage, DeliveryChoiceInput, FailedDeliveries, SendChoiceReply } from './schemas/delivery-choice.ts';

export const deliveryChoiceApi = {
  /** The parcel, the days offered and the choice made, for the link's order. */
  page: endpoint<{ reply: ChoicePage }>()('GET', '/delivery-choice/:orderNumber/:token'),
  /** Stores the choice (replacing an unsent one); sent to a courier's API at once when there is one. */
  choose: endpoint<{ reply: ChoicePage; body: DeliveryChoiceInput }>()('PUT', '/delivery-choice/:orderNumber/:token'),
  /** Parcels whose latest step is a failed delivery, oldest failure first. */
  queue: endpoint<{ reply: FailedDeliveries }>()('GET', '/admin/failed-deliveries'),
  /** Sends the shopper's choice to the courier (or, with the manual courier, marks it phoned in). */
  send: endpoint<{ reply: SendChoiceReply }>()('POST', '/admin/failed-deliveries/:orderNumber/send'),
} as const;
