/**
 * Messages are consumers of an order's changes (docs/decisions/052-order-transitions-and-folder-graph.md):
 * orders queues "a message of this kind about this order" and runs a new order's hooks through
 * orders/hooks.ts, in its transaction, and never imports notifications.
 */
import { registerOrderMessenger, registerPlacedHook } from '../orders/hooks.ts';
import { queueOrderMail } from './order-mail.ts';
import { recordWhatsAppConsent } from './whatsapp/consent.ts';
import { queueOrderPlacedWhatsApp } from './whatsapp/order-messages.ts';

export function registerMessageHooks(): void {
  // A message about an order: its mail, behind the shopper's WhatsApp twin when they agreed to one.
  registerOrderMessenger(queueOrderMail);
  // Consent given at checkout is the account's (docs/whatsapp.md#consent), then the shopper's
  // Confirm/Cancel message; nothing is queued without consent or WhatsApp's settings.
  registerPlacedHook('whatsapp', async ({ trx, config, orderId, userId, whatsappUpdates, at }) => {
    if (whatsappUpdates) await recordWhatsAppConsent(trx, userId, at);
    await queueOrderPlacedWhatsApp(trx, config, orderId);
  });
}
