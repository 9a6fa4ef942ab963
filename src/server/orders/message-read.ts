/**
 * The order and its shopper as every message about the order reads them (mails, WhatsApp to the
 * shopper and the owner, the courier's step messages): one join and one list of columns, so a
 * column a message needs (a consent, a language) is added here once. A caller adds its own
 * columns, joins and where; a few columns more than one message needs cost nothing.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

const ORDER_AND_SHOPPER = [
  'orders.id',
  'orders.number',
  'orders.status',
  'orders.created_at',
  'orders.user_id',
  'orders.user_phone',
  'orders.buyer_name',
  'orders.total',
  'orders.advance_amount',
  'orders.advance_state',
  'users.name',
  'users.email',
  'users.language',
  'users.whatsapp_consent_at',
  'users.offers_consent_at',
  'users.deleted_at',
] as const;

/** The select of an order with its shopper, for the caller to narrow with its where. */
export function orderForMessage(db: Kysely<Database>) {
  return db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id').select(ORDER_AND_SHOPPER);
}
