/**
 * Booking an approved request's return with the courier's return API (docs/product.md#after-sales;
 * shipping/courier.ts CourierReturns: Shiprocket's "Create Return Order"). Called after the
 * approval committed, never inside a transaction (no transaction waits on a courier): the parcel is
 * drawn from the first order (its address, the line's watch at its price), booked, and the AWB
 * stored with the shopper's "approved" message that names it. A refusal or an unreachable courier
 * leaves the request approved without an AWB, the courier's words answered to the owner, who books
 * it again or types an AWB.
 */
import { plainLine } from '../../common/text.ts';
import type { Config } from '../config.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { AppError, conflict } from '../http/errors.ts';
import { deliveryState } from '../invoices/delivery-state.ts';
import { cityOf } from '../shipping/booking-jobs.ts';
import { type Courier, CourierRefusal, type ReturnBooking } from '../shipping/courier.ts';
import { addressPincode, pincodePlace } from '../shipping/pincode-places.ts';
import { queueStepMessages } from './messages.ts';
import { lockRequest, returnLines } from './owner-steps.ts';

export const courierCouldNot = (words: string) =>
  `Approved, but the courier could not book the return: ${words} Book it again, or type the return AWB.`;

async function returnParcel(db: Db, config: Config, number: string): Promise<ReturnBooking> {
  const row = await db
    .selectFrom('after_sales_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('order_lines as l', (j) => j.onRef('l.order_id', '=', 'r.order_id').onRef('l.line_no', '=', 'r.line_no'))
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'r.number',
      'r.created_at',
      'o.number as order_number',
      'o.buyer_name',
      'o.user_phone',
      'o.address',
      'u.email',
      'l.product_id',
      'l.product_name',
      'l.discount_price',
      'l.hsn_code',
      'p.weight_grams',
      'p.length_cm',
      'p.breadth_cm',
      'p.height_cm',
    ])
    .where('r.number', '=', number)
    .executeTakeFirstOrThrow();
  const pincode = addressPincode(row.address) ?? '';
  const shopPincode = addressPincode(config.shop.address) ?? '';
  const d = config.parcel;
  return {
    returnId: row.number,
    orderNumber: row.order_number,
    askedAt: row.created_at,
    shopperName: plainLine(row.buyer_name) || 'Customer',
    phone: row.user_phone,
    email: row.email || null,
    address: plainLine(row.address),
    city: cityOf(row.address, pincode),
    state: deliveryState(row.address)?.name ?? pincodePlace(pincode)?.state ?? '',
    pincode,
    lines: [
      {
        name: plainLine(row.product_name),
        sku: row.product_id,
        quantity: 1,
        unitPrice: Number(row.discount_price),
        hsn: row.hsn_code,
      },
    ],
    to: {
      name: config.shop.legalName,
      address: plainLine(config.shop.address),
      city: cityOf(config.shop.address, shopPincode),
      state: deliveryState(config.shop.address)?.name ?? pincodePlace(shopPincode)?.state ?? '',
      pincode: shopPincode,
      phone: config.shop.phone,
      email: config.shop.email,
    },
    total: Number(row.discount_price),
    weightGrams: row.weight_grams ?? d.grams,
    lengthCm: row.length_cm ?? d.lengthCm,
    breadthCm: row.breadth_cm ?? d.breadthCm,
    heightCm: row.height_cm ?? d.heightCm,
  };
}

export async function bookCourierReturn(db: Db, config: Config, courier: Courier, number: string): Promise<void> {
  if (!courier.returns) throw conflict('The courier cannot book returns.');
  const parcel = await returnParcel(db, config, number);
  let booked: Awaited<ReturnType<NonNullable<Courier['returns']>['bookReturn']>>;
  try {
    booked = await courier.returns.bookReturn(parcel);
  } catch (err) {
    const words = err instanceof CourierRefusal ? err.message : 'it did not answer.';
    throw new AppError(502, 'return_not_booked', courierCouldNot(words.endsWith('.') ? words : `${words}.`));
  }
  await writeTransaction(db, async (trx) => {
    const row = await lockRequest(trx, number);
    // Booked by a click that raced this one: keep the first AWB.
    if (row.return_awb || row.state !== 'approved') return;
    await trx
      .updateTable('after_sales_requests')
      .set({
        return_courier: booked.courierName || courier.title,
        return_awb: booked.awb,
        return_courier_order_id: booked.courierOrderId,
        return_step: 'booked',
        updated_at: nowIso(),
      })
      .where('id', '=', row.id)
      .execute();
    await queueStepMessages(trx, config, {
      requestId: row.id,
      step: 'approved',
      returnLines: returnLines('courier', config.shop, { name: booked.courierName, awb: booked.awb }, row.number),
    });
  });
}
