/**
 * What needs the owner now (docs/product.md#the-packing-gate), for the dashboard's first block:
 * advances to check, orders to pack, low stock, mail that has not gone out, and WhatsApp messages
 * that failed.
 */
import { LOW_STOCK } from '../../common/constants.ts';
import { LIVE_STATES, TO_PACK_STATES } from '../../common/orders.ts';
import type { AdminStats } from '../../common/schemas/admin-orders.ts';
import { countAwaitingOwner } from '../after-sales/queries.ts';
import { countOpenComplaints } from '../complaints/queries.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/tables.ts';
import { countUnsent, listUnsent } from '../notifications/outbox.ts';
import { countWaiting, countWhatsAppCancels } from '../notifications/whatsapp/conversations/thread-read.ts';
import { listFailedWhatsApp } from '../notifications/whatsapp/outbox.ts';
import { countUnfoundReferences } from '../orders/unpaid.ts';
import { countPendingReviews } from '../reviews/queries.ts';
import { countAdvancesToSettle } from '../settlements/queries.ts';
import { countFailedDeliveries } from '../shipping/delivery-choices.ts';

const LOW_STOCK_SHOWN = 20;
const UNSENT_SHOWN = 20;
const FAILED_SHOWN = 20;

/** `config` says whether mail is configured (SMTP_URL) and how long a sent reference waits to be found. */
export async function readAttention(db: Db, config: Config): Promise<AdminStats['attention']> {
  const [
    toCheck,
    unfound,
    toPack,
    confirmed,
    lowStock,
    unsentCount,
    unsent,
    complaints,
    failed,
    failedWhatsApp,
    toSettle,
    afterSales,
    inbox,
  ] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('advance_state', '=', 'submitted')
      .where('status', 'in', LIVE_STATES)
      .executeTakeFirstOrThrow(),
    countUnfoundReferences(db, config),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', TO_PACK_STATES)
      .where('advance_state', 'in', ['received', 'waived'])
      .executeTakeFirstOrThrow(),
    // Confirmed by the shopper on WhatsApp and not packed yet (docs/whatsapp.md).
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', TO_PACK_STATES)
      .where('shopper_confirmed_at', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('products')
      .select(['id', 'name', 'stock_count'])
      .where('deleted_at', 'is', null)
      .where('stock_count', 'is not', null)
      .where('stock_count', '<=', LOW_STOCK)
      .orderBy('stock_count')
      .orderBy('name')
      .limit(LOW_STOCK_SHOWN)
      .execute(),
    countUnsent(db),
    listUnsent(db, UNSENT_SHOWN),
    countOpenComplaints(db),
    countFailedDeliveries(db),
    listFailedWhatsApp(db, FAILED_SHOWN),
    countAdvancesToSettle(db),
    countAwaitingOwner(db),
    Promise.all([countWaiting(db), countWhatsAppCancels(db)]),
  ]);
  return {
    advancesToCheck: Number(toCheck.n),
    advancesUnfound: unfound,
    ordersToPack: Number(toPack.n),
    shopperConfirmed: Number(confirmed.n),
    afterSalesWaiting: afterSales,
    lowStock: lowStock.map((p) => ({ id: p.id, name: p.name, stockCount: Number(p.stock_count) })),
    mailConfigured: config.smtpUrl !== undefined,
    unsentMessages: unsent,
    unsentCount,
    complaintsOpen: complaints.open,
    complaintsOverdue: complaints.overdue,
    failedDeliveries: failed,
    failedWhatsApp: failedWhatsApp.messages,
    failedWhatsAppCount: failedWhatsApp.count,
    advancesToSettle: toSettle,
    inboxWaiting: inbox[0],
    inboxCancels: inbox[1],
    // docs/product.md#reviews: reviews waiting to be published or rejected.
    reviewsToModerate: await countPendingReviews(db),
  };
}
