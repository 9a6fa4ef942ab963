/**
 * /track (docs/product.md#shipping): an order's parcel found by its number and the phone it was
 * placed with, with no log-in. A wrong pair answers the very words an unknown order does, so the
 * page tells nobody whether an order number exists. Each address may look up a few orders in 15
 * minutes (a database limit, as log-in's: every app process counts the same); a lookup that finds
 * its order gives its slot back, so a shopper checking their own parcel is never stopped.
 */
import { cashToKeepReady } from '../../common/advance.ts';
import type { TrackReply } from '../../common/schemas/shipping.ts';
import { awaitingChoice, shopperStatusLabel } from '../../common/shipments.ts';
import { addressKey, FIFTEEN_MINUTES, giveBack, type Limit, takeSlots } from '../auth/rate-limit.ts';
import { ensureLinkSecret } from '../auth/signed-links.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/tables.ts';
import { AppError } from '../http/errors.ts';
import { orderCodMoney } from '../money/cod-money.ts';
import { settlementOfOrder } from '../orders/settlement-read.ts';
import { deliveryChoicePath } from './delivery-choice-link.ts';
import { shipmentsOf, toShopperShipment, trackingHistory } from './shipments.ts';

export const TRACK_NOT_FOUND =
  'We could not find an order with this number and phone. Please check both: the order number is in your order mail (such as TSW-10427), the phone is the one you ordered with.';
export const TRACK_TOO_MANY = 'Too many lookups from your connection. Please wait 15 minutes and try again.';
/** Lookups that find nothing one address may make in 15 minutes. */
export const TRACK_LOOKUPS_PER_ADDRESS = 10;

const notFound = () => new AppError(404, 'not_found', TRACK_NOT_FOUND);

/** The order number as people type it: any case, spaces around. */
const normalNumber = (text: string) => text.trim().toUpperCase();
/** The phone's last ten digits: "+91 98765 43210" and "09876543210" are the same phone. */
const normalPhone = (text: string) => text.replace(/[^0-9]/g, '').slice(-10);

export async function trackOrder(
  db: Db,
  config: Config,
  input: { order: string; phone: string },
  ip: string,
): Promise<TrackReply> {
  const number = normalNumber(input.order);
  const phone = normalPhone(input.phone);
  const limit: Limit = { key: `track@${addressKey(ip)}`, max: TRACK_LOOKUPS_PER_ADDRESS, windowMs: FIFTEEN_MINUTES };
  if (await takeSlots(db, [limit])) throw new AppError(429, 'too_many_attempts', TRACK_TOO_MANY);
  if (!/^[A-Z0-9]{1,12}-[0-9]{1,12}$/.test(number) || phone.length !== 10) throw notFound();
  const order = await db
    .selectFrom('orders')
    .select(['id', 'number', 'status', 'user_phone', 'total', 'advance_amount', 'advance_state'])
    .where('number', '=', number)
    .executeTakeFirst();
  // The same answer, and the same work, for an unknown number and a wrong phone.
  if (!order || normalPhone(order.user_phone) !== phone) throw notFound();
  await giveBack(db, [limit.key]);
  const setByAdmin = await db
    .selectFrom('order_events')
    .select('id')
    .where('order_id', '=', order.id)
    .where('kind', '=', 'state')
    .where('admin_id', 'is not', null)
    .executeTakeFirst();
  const shipment = (await shipmentsOf(db, [order.id])).get(order.id) ?? null;
  return {
    number: order.number,
    statusLabel: shopperStatusLabel(
      order.status,
      setByAdmin !== undefined || order.status !== 'ordered',
      shipment?.step,
    ),
    toPayOnDelivery: cashToKeepReady(order.status, orderCodMoney(order)),
    shipment: shipment && toShopperShipment(shipment),
    deliveryChoicePath: await choicePathOf(db, config, order, shipment?.step),
    history: shipment?.awb ? await trackingHistory(db, shipment.awb) : [],
    settlement: await settlementOfOrder(db, order),
  };
}

/** The failed-delivery choice page, for whoever proved the order with its number and phone (issue 34 item 11). */
async function choicePathOf(
  db: Db,
  config: Config,
  order: { number: string; status: string },
  step: string | undefined,
): Promise<string | null> {
  if (!awaitingChoice(order.status, step)) return null;
  await ensureLinkSecret(db, config);
  return deliveryChoicePath(config, order.number);
}
