/**
 * The shopper's choice after a failed delivery (docs/product.md#failed-deliveries), as plain data
 * (text-rules.ts) so the choice page checks it without zod and the server builds its schema from
 * the same rules: a corrected phone (ten digits, as the checkout's) and landmark (one plain line of
 * at most 100 characters, as the checkout's address form), both optional, and a day among the next
 * three working days.
 */
import { ADDRESS_FORM_RULES, MESSAGES } from './account-rules.ts';
import { PHONE_LENGTH } from './constants.ts';
import { indiaDay } from './india-time.ts';
import type { TextRule } from './text-rules.ts';

export const DELIVERY_ACTIONS = ['re-attempt', 'return'] as const;
export type DeliveryAction = (typeof DELIVERY_ACTIONS)[number];

/** How many working days ahead the shopper may ask for. */
export const CHOICE_DAYS = 3;
export const DAY_MESSAGE = 'Please choose one of the days shown';
export const ACTION_MESSAGE = 'Please choose: try again, or cancel the delivery';

const landmark = ADDRESS_FORM_RULES.landmark;
export const DELIVERY_CHOICE_RULES = {
  phone: {
    message: MESSAGES.phone,
    trim: true,
    // Empty: the phone on the order stays.
    checks: [{ pattern: new RegExp(`^([0-9]{${PHONE_LENGTH}})?$`), message: MESSAGES.phone }],
  },
  landmark: { ...landmark, checks: landmark.checks.filter((c) => !('min' in c)) },
} satisfies Record<string, TextRule>;

const DAY_MS = 86_400_000;

/**
 * The days a re-attempt may be asked for: the next CHOICE_DAYS working days after today (India
 * time), Sundays skipped (couriers do not deliver on them). YYYY-MM-DD.
 */
export function choiceDays(now: number = Date.now()): string[] {
  const days: string[] = [];
  for (let ahead = 1; days.length < CHOICE_DAYS && ahead < 10; ahead++) {
    const day = indiaDay(now + ahead * DAY_MS);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() !== 0) days.push(day);
  }
  return days;
}
