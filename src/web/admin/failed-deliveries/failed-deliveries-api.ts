/** The dashboard's failed-delivery calls (docs/product.md#failed-deliveries; src/common/delivery-choice-api.ts). */
import { deliveryChoiceApi } from '../../../common/delivery-choice-api.ts';
import type { FailedDeliveries, SendChoiceReply } from '../../../common/schemas/delivery-choice.ts';
import { call } from '../../lib/api-client.ts';

export function listFailedDeliveries(signal: AbortSignal): Promise<FailedDeliveries> {
  return call(deliveryChoiceApi.queue, { signal });
}

export function sendToCourier(orderNumber: string): Promise<SendChoiceReply> {
  return call(deliveryChoiceApi.send, { params: { orderNumber } });
}
