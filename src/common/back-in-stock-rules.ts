/**
 * "Notify me" on an out-of-stock watch (docs/product.md#back-in-stock), as plain data the form
 * checks without zod and the server's schema is built from: one field, a 10-digit mobile number
 * (for WhatsApp) or an email, and, for a number, the unticked box agreeing to that one message.
 */
import type { FormValues, TextRule } from './text-rules.ts';

export const NOTIFY_CONTACT_MESSAGE = 'Please give your 10-digit mobile number or your email address';
export const NOTIFY_CONTACT_EMAIL_ONLY = 'Please give your email address';
export const NOTIFY_WHATSAPP_NEEDED = 'Please tick the box to get the message on WhatsApp, or give your email instead';
export const NOTIFY_NO_WHATSAPP = 'We cannot send WhatsApp messages yet: please give your email address';
export const NOTIFY_ADDED = 'Done. We will tell you once, as soon as it is back.';
export const NOTIFY_ALREADY =
  'You are already on the list for this watch. We will tell you once, as soon as it is back.';
export const NOTIFY_IN_STOCK = 'Good news: this watch is in stock now, you can order it.';

const PHONE = /^[0-9]{10}$/;

export const NOTIFY_RULES = {
  contact: {
    message: NOTIFY_CONTACT_MESSAGE,
    trim: true,
    // Mailed or sent to: one plain line (no control characters, no line breaks) first.
    plain: 'line',
    checks: [
      { max: 254, message: NOTIFY_CONTACT_MESSAGE },
      { pattern: /^([0-9]{10}|[^\s@]+@[^\s@]+\.[^\s@]+)$/, message: NOTIFY_CONTACT_MESSAGE },
    ],
  } satisfies TextRule,
};
export type NotifyForm = FormValues<typeof NOTIFY_RULES>;

/** Which the person gave: a phone (WhatsApp) or an email. */
export function contactKind(contact: string): 'phone' | 'email' {
  return PHONE.test(contact) ? 'phone' : 'email';
}
