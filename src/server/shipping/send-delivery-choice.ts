/**
 * Passing the shopper's choice after a failed delivery to the courier (docs/product.md#failed-deliveries;
 * docs/decisions/035-failed-deliveries.md): the owner's "Send to courier", and the store itself
 * right after the shopper chose a new attempt when the courier has an API.
 *
 * The choice is claimed first (delivery-choices.ts claimChoice): one sender at a time, across app
 * processes, so a double click or two processes call the courier once. Then the courier's
 * failed-delivery action (Shiprocket's NDR action), outside any transaction; what it answered is
 * written back. With the manual courier nothing is called: the owner has phoned the choice in and
 * this marks it sent.
 */
import type { Db } from '../db/tables.ts';
import { AppError, conflict } from '../http/errors.ts';
import { bookedParcelOf } from './booking-jobs.ts';
import { type Courier, CourierRefusal } from './courier.ts';
import { claimChoice, recordSend, retryOf } from './delivery-choices.ts';

export const courierRefusedMessage = (courier: string, words: string) => `${courier} refused: ${words}`;
export const courierAwayMessage = (courier: string) =>
  `${courier} could not be reached. The choice waits here: please try again in a few minutes.`;

/** The courier's title at the start of the owner's sentence ("Shiprocket", "The courier"). */
const courierTitle = (courier: Courier) => courier.title.charAt(0).toUpperCase() + courier.title.slice(1);

export interface SendResult {
  outcome: 'sent' | 'refused' | 'unreachable';
  /** The words for the owner: the courier's own when it refused. */
  message: string | null;
}

/**
 * Sends `orderNumber`'s current choice. `by` is who sends: 'shopper' (the store's own send right
 * after the shopper chose) or 'owner'. Refused (409) with nothing changed when there is nothing to send or another
 * sender has it.
 */
export async function sendDeliveryChoice(
  db: Db,
  courier: Courier,
  orderNumber: string,
  by: string,
): Promise<SendResult> {
  const claim = await claimChoice(db, orderNumber, { retryRefused: by !== 'shopper' });
  if ('refusal' in claim) throw conflict(claim.refusal);
  const { row, parcel } = claim;
  // A courier without failed-delivery actions (the manual one), or a parcel the owner typed by hand:
  // the owner phoned the courier.
  const retryDelivery = courier.retryDelivery?.bind(courier);
  if (!retryDelivery || parcel.courier !== courier.id) {
    await recordSend(db, row, { sent: true, by });
    return { outcome: 'sent', message: null };
  }
  try {
    const booked = await bookedParcelOf(db, parcel.orderId);
    if (!booked) throw new CourierRefusal('The parcel is not booked through the courier any more.');
    await retryDelivery(booked, retryOf(row));
  } catch (err) {
    const refused = err instanceof CourierRefusal;
    const words = err instanceof Error ? err.message : String(err);
    await recordSend(db, row, { sent: false, refused, words });
    return {
      outcome: refused ? 'refused' : 'unreachable',
      message: refused
        ? courierRefusedMessage(courierTitle(courier), words)
        : courierAwayMessage(courierTitle(courier)),
    };
  }
  await recordSend(db, row, { sent: true, by });
  return { outcome: 'sent', message: null };
}

/** The owner's answer for a send that did not go: 409 with the courier's words, 503 when it could not be reached. */
export function sendFailure(result: SendResult): AppError | null {
  if (result.outcome === 'refused') return new AppError(409, 'courier_refused', result.message ?? '');
  if (result.outcome === 'unreachable') return new AppError(503, 'courier_unreachable', result.message ?? '');
  return null;
}
