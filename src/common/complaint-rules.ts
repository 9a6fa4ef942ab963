/**
 * The complaint form of /contact (docs/product.md#contact), as plain data the
 * form checks without zod and the server's schema is built from: name and
 * phone as in sign-up, an optional order number, and the complaint itself (plain text whose line
 * breaks are kept: TextRule.plain).
 */
import { NAME_RULE, PHONE_RULE } from './account-rules.ts';
import { lengthRule, type TextRule } from './text-rules.ts';

export const COMPLAINT_MESSAGE_MIN = 10;
export const COMPLAINT_MESSAGE_MAX = 2000;
/** An unanswered complaint older than this stands out for the owner (rule 4(5): acknowledged within 48 hours). */
export const COMPLAINT_ANSWER_HOURS = 48;

const ORDER_NUMBER_MESSAGE = 'Please enter the order number as it is written, such as TSW-10427, or leave it empty';

export const COMPLAINT_RULES = {
  name: NAME_RULE,
  phone: PHONE_RULE,
  // Optional: empty, or PREFIX-digits as order numbers are (docs/product.md#order-numbers).
  orderNumber: {
    message: ORDER_NUMBER_MESSAGE,
    trim: true,
    checks: [{ pattern: /^(|[A-Za-z][A-Za-z0-9]{0,9}-[0-9]{1,12})$/, message: ORDER_NUMBER_MESSAGE }],
  } satisfies TextRule,
  message: lengthRule(
    COMPLAINT_MESSAGE_MIN,
    COMPLAINT_MESSAGE_MAX,
    `Please tell us what went wrong (at least ${COMPLAINT_MESSAGE_MIN} characters)`,
    `Please keep the message under ${COMPLAINT_MESSAGE_MAX} characters`,
    // Mailed to the owner as it is written: its line breaks kept, no other control characters.
    { plain: 'lines' },
  ),
};

export const ANSWER_NOTE_MAX = 1000;

/** Ticket numbers people quote on the phone: C-000123 (at least six digits). */
export function formatTicket(value: number): string {
  return `C-${String(value).padStart(6, '0')}`;
}
export const TICKET_PATTERN = /^C-[0-9]{6,12}$/;

/** True when a complaint made at `createdAt` and still open is past the 48 hours. */
export function isOverdue(createdAt: string, now = Date.now()): boolean {
  return now - Date.parse(createdAt) > COMPLAINT_ANSWER_HOURS * 3_600_000;
}
