/**
 * Every kind of WhatsApp message the store sends (whatsapp_outbox.kind), with the owner's name
 * for it on the dashboard (docs/whatsapp.md): the server types each message it queues with
 * these, and the dashboard's list of failed messages reads the names, so a new kind is one row
 * here and both sides know it.
 */
export const WHATSAPP_KIND_LABELS = {
  'order-placed': 'Order confirmation',
  dispatched: 'Shipped',
  'out-for-delivery': 'Out for delivery',
  'delivery-failed': 'Failed delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Cancelled (advance not paid)',
  'unpaid-reminder': 'Advance reminder',
  'address-check': 'Address to correct',
  'refund-recorded': 'Refund paid',
  'advance-kept': 'Advance kept',
  'after-sales': 'Exchange or problem report',
  'owner-new-order': 'To you: new order',
  'owner-advance-submitted': 'To you: advance to check',
  'owner-delivery-failed': 'To you: failed delivery',
  'owner-complaint': 'To you: complaint',
  'owner-inbox-waiting': 'To you: messages waiting in the inbox',
  'inbox-reply': 'Reply from the inbox',
  'back-in-stock': 'Back in stock (Notify me)',
  'cart-reminder': 'Cart reminder',
  'review-request': 'Review request',
  'review-reminder': 'Review reminder',
  'review-rejected': 'Review not published',
  'reply-confirmed': 'Reply: order confirmed',
  'reply-not-cancellable': 'Reply: order can no longer be cancelled',
  'reply-stopped': 'Reply: messages stopped (STOP)',
  'proof-proven': 'Reply: number proven',
  'proof-other-number': 'Reply: code sent from another number',
  'proof-unknown': 'Reply: code not known',
} as const satisfies Record<string, string>;

export type WhatsAppKind = keyof typeof WHATSAPP_KIND_LABELS;

/** The owner's name for a stored kind; the kind itself for one this build does not know (an older row). */
export function whatsAppKindLabel(kind: string): string {
  return Object.hasOwn(WHATSAPP_KIND_LABELS, kind) ? WHATSAPP_KIND_LABELS[kind as WhatsAppKind] : kind;
}
