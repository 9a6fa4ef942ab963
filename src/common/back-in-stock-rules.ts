/**
 * "Notify me" on an out-of-stock watch (docs/product.md#back-in-stock), as plain data the form
 * checks without zod and the server's schema is built from: one field, a 10-digit mobile number
 * (for WhatsApp) or an email, and, for a number, the unticked box agreeing to that one message.
 */
import type { TextRule } from './text-rules.ts';

export const NOTIFY_CONTACT_MESSAGE = 'Please give your 10-digit mobile number or your email address';
export const NOTIFY_CONTACT_EMAIL_ONLY = 'Please give your email address';
export const NOTIFY_WHATSAPP_NEEDED = 'Please tick the box to get the message on WhatsApp, or give your email instead';
export const NOTIFY_NO_WHATSAPP = 'We cannot send WhatsApp messages yet: please give your email address';
export const NOTIFY_ADDED = 'Done. We will tell you once, as soon as it is back.';
export const NOTIFY_ALREADY =
  'You are already on the list for this watch. We will tell you once, as soon as it is back.';
export const NOTIFY_IN_STOCK = 'Good news: this watch is in stock now, you can order it.';

const PHONE = /^[0-9]{10}$/;

/** The contact field's rule, worded with `message`. */
function contactRule(message: string) {
  return {
    message,
    trim: true,
    // Mailed or sent to: one plain line (no control characters, no line breaks) first.
    plain: 'line',
    checks: [
      { max: 254, message },
      { pattern: /^([0-9]{10}|[^\s@]+@[^\s@]+\.[^\s@]+)$/, message },
    ],
  } satisfies TextRule;
}

export const NOTIFY_RULES = { contact: contactRule(NOTIFY_CONTACT_MESSAGE) };

/**
 * The rules the form checks: the same, but where the shop sends no WhatsApp message the box asks
 * for an email only, and so does its message (a number is then refused by the server, saying why).
 */
export function notifyFormRules(whatsapp: boolean): typeof NOTIFY_RULES {
  return whatsapp ? NOTIFY_RULES : { contact: contactRule(NOTIFY_CONTACT_EMAIL_ONLY) };
}

/** Which the person gave: a phone (WhatsApp) or an email. */
export function contactKind(contact: string): 'phone' | 'email' {
  return PHONE.test(contact) ? 'phone' : 'email';
}
