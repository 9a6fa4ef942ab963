/**
 * Messages are consumers of a shipment's step changes too (docs/decisions/052-order-transitions-and-folder-graph.md):
 * shipping runs its step hooks (shipping/hooks.ts) in the transaction that applies a tracking
 * event, and never imports notifications.
 */
import { registerStepHook } from '../shipping/hooks.ts';
import { queueShipmentMail } from './shipment-mail.ts';
import { queueOwnerDeliveryFailedWhatsApp } from './whatsapp/owner-messages.ts';

export function registerShipmentMessageHooks(): void {
  // The shopper's step message (WhatsApp to a shopper who agreed, the mail behind it), on the steps
  // the table gives one.
  registerStepHook({
    name: 'shopper-step-message',
    async run({ trx, config, orderId, mail, facts }) {
      if (mail) await queueShipmentMail(trx, config, mail, orderId, facts);
    },
  });
  // The owner hears of each failed attempt on WhatsApp too, when OWNER_WHATSAPP is set; after the
  // shopper's message, as before the hooks.
  registerStepHook({
    name: 'owner-delivery-failed',
    async run({ trx, config, orderId, to }) {
      if (to === 'undelivered') await queueOwnerDeliveryFailedWhatsApp(trx, config, orderId);
    },
  });
}
