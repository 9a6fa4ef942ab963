/**
 * A doubtful address (issue 35 item 4; docs/product.md "A doubtful address";
 * docs/decisions/062-doubtful-address-link.md). The owner marks an order's address doubtful with a
 * note, before packing: in the same transaction the shopper's message is queued (WhatsApp to a
 * proven number, else mail), carrying a signed link (address-link-url.ts). Packing waits while the
 * mark stands (transition.ts). On the link's page the shopper types the address again, in the
 * checkout's parts; the new one replaces it, the old one is kept for the owner to see, and the
 * mark is cleared. Anyone holding the link may correct that one order's address until then, as
 * anyone holding the failed-delivery link may choose for it; the page shows only the order number,
 * the address and the owner's note.
 */

import { ADDRESS_DOUBT_TOO_LATE, ADDRESS_LINK_MESSAGE, ADDRESS_NOT_DOUBTFUL } from '../../common/address-check.ts';
import type { AddressCheckReply } from '../../common/schemas/address-check.ts';
import type { Config } from '../config.ts';
import type { Db, OrderRow } from '../db/tables.ts';
import { conflict, notFound } from '../http/errors.ts';
import { addressLinkMatches } from './address-link-url.ts';
import { queueOrderMessage } from './hooks.ts';
import { lockOrder } from './lock.ts';
import { addOrderEvent } from './order-events.ts';
import { eventTime } from './transition.ts';

/** The owner marks the address doubtful and the shopper's message with the link is queued. */
export async function markAddressDoubtful(
  db: Db,
  config: Config,
  orderNumber: string,
  note: string,
  adminId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderNumber);
    if (order.status !== 'ordered') throw conflict(ADDRESS_DOUBT_TOO_LATE);
    const at = await eventTime(trx, order.id);
    await trx
      .updateTable('orders')
      .set({ address_doubt_at: at, address_doubt_note: note, updated_at: at })
      .where('id', '=', order.id)
      .execute();
    await addOrderEvent(trx, { orderId: order.id, kind: 'address', status: 'doubtful', adminId, note, at });
    await queueOrderMessage(trx, config, 'address-check', order.id);
  });
}

/** The owner takes the mark back (the shopper phoned, or the courier knows the place). */
export async function clearAddressDoubt(db: Db, orderNumber: string, adminId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderNumber);
    const at = await eventTime(trx, order.id);
    await trx
      .updateTable('orders')
      .set({ address_doubt_at: null, updated_at: at })
      .where('id', '=', order.id)
      .execute();
    await addOrderEvent(trx, { orderId: order.id, kind: 'address', status: 'cleared', adminId, at });
  });
}

/** The link's order row, or the one 404 (a wrong token, an unknown or closed order alike). */
export async function addressLinkRow(db: Db, config: Config, orderNumber: string, token: string): Promise<OrderRow> {
  if (!(await addressLinkMatches(db, config, orderNumber, token))) throw notFound(ADDRESS_LINK_MESSAGE);
  const row = await db.selectFrom('orders').selectAll().where('number', '=', orderNumber).executeTakeFirst();
  if (!row || row.status === 'cancelled' || row.status === 'returned') throw notFound(ADDRESS_LINK_MESSAGE);
  return row;
}

/** What the link's page shows: the order number, the address, the owner's note, nothing more. */
export function addressCheckReply(row: OrderRow): AddressCheckReply {
  return {
    order: {
      number: row.number,
      address: row.address,
      doubtful: row.address_doubt_at !== null && row.status === 'ordered',
      note: row.address_doubt_note,
      correctedAt: row.address_corrected_at,
    },
  };
}

/** The shopper's corrected address through the link: replaces the doubtful one, which is kept. */
export async function correctAddressByLink(
  db: Db,
  config: Config,
  orderNumber: string,
  token: string,
  address: string,
): Promise<AddressCheckReply> {
  const row = await addressLinkRow(db, config, orderNumber, token);
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, { id: row.id });
    const now = await trx
      .selectFrom('orders')
      .select(['address_doubt_at', 'status'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    // Once packed (or the mark cleared) the address is the one the parcel carries.
    if (now.address_doubt_at === null || now.status !== 'ordered') throw conflict(ADDRESS_NOT_DOUBTFUL);
    const at = await eventTime(trx, order.id);
    await trx
      .updateTable('orders')
      .set({ address, address_was: order.address, address_doubt_at: null, address_corrected_at: at, updated_at: at })
      .where('id', '=', order.id)
      .execute();
    await addOrderEvent(trx, {
      orderId: order.id,
      kind: 'address',
      status: 'corrected',
      adminId: null,
      note: `Was: ${order.address}`,
      at,
    });
  });
  return addressCheckReply(await addressLinkRow(db, config, orderNumber, token));
}
