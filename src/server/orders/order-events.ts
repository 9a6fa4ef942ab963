/**
 * An order's history: every change of its state or of its advance is one
 * event, with who made it (an admin, or null for the shopper) and when
 * (docs/product.md#admin-orders). Written in the transaction of the change.
 */
import type { Kysely, Transaction } from 'kysely';
import { newId } from '../db/ids.ts';
import { sentWithNext } from '../db/sent-with-next.ts';
import type { Database } from '../db/tables.ts';

export interface OrderEvent {
  orderId: string;
  /**
   * 'state': status is the order's state; 'advance': status is the advance's state; 'address': the
   * address marked doubtful, cleared or corrected (address-check.ts).
   */
  kind: 'state' | 'advance' | 'address';
  status: string;
  adminId: string | null;
  note?: string | null;
  at: string;
}

export async function addOrderEvent(trx: Kysely<Database> | Transaction<Database>, event: OrderEvent): Promise<void> {
  // Nothing reads its answer: on PostgreSQL it leaves with the transaction's next statement.
  await sentWithNext(
    trx.insertInto('order_events').values({
      id: newId(),
      order_id: event.orderId,
      kind: event.kind,
      status: event.status,
      admin_id: event.adminId,
      note: event.note ?? null,
      created_at: event.at,
    }),
  ).execute();
}
