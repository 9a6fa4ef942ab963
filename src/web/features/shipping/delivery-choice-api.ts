/** The failed-delivery choice page's calls (docs/product.md#failed-deliveries; src/common/delivery-choice-api.ts). */
import { deliveryChoiceApi } from '../../../common/delivery-choice-api.ts';
import type { ChoicePage, DeliveryChoiceInput } from '../../../common/schemas/delivery-choice.ts';
import { call } from '../../lib/api-client.ts';

export function readChoicePage(orderNumber: string, token: string, signal: AbortSignal): Promise<ChoicePage> {
  return call(deliveryChoiceApi.page, { params: { orderNumber, token }, signal });
}

export function sendChoice(orderNumber: string, token: string, body: DeliveryChoiceInput): Promise<ChoicePage> {
  return call(deliveryChoiceApi.choose, { params: { orderNumber, token }, body });
}
