/**
 * What INBOX reads (issue 37; docs/whatsapp.md#the-inbox): the conversations newest first, and one
 * thread beside its orders' facts. A thread holds the shopper's messages and the owner's replies
 * (whatsapp_messages, a reply's status from its outbox row), the store's own messages to that
 * number (whatsapp_outbox: the order message, a failed delivery's), and what happened to the
 * orders (order_events: the advance sent, a cancel), each where it happened in time. Money comes
 * from the one rule (money/cod-money.ts orderCodMoney); nothing here subtracts an advance.
 */
import { sql } from 'kysely';
import { trackingUrl } from '../../../../common/couriers.ts';
import { formatRupees } from '../../../../common/money.ts';
import type { Thread, ThreadItem, ThreadOrder } from '../../../../common/schemas/inbox.ts';
import { whatsAppKindLabel } from '../../../../common/whatsapp-kinds.ts';
import type { Config } from '../../../config.ts';
import { nowIso } from '../../../db/ids.ts';
import type { Db } from '../../../db/tables.ts';
import { orderCodMoney } from '../../../money/cod-money.ts';
import { advanceLinkUrl } from '../../../orders/advance-link-url.ts';
import { toE164 } from '../outbox.ts';

/** WhatsApp's customer service window: free-form text within 24 hours of the user's last message. */
export const WINDOW_MS = 24 * 3_600_000;
/** "Who is replying" is shown this long after the admin opened the reply box. */
export const REPLYING_SHOWN_MS = 3 * 60_000;
const ITEMS_SHOWN = 300;
const LIST_SHOWN = 100;

export function windowOf(lastInboundAt: string | null, now = Date.now()): Thread['window'] {
  if (!lastInboundAt) return { open: false, lastInboundAt: null, closesAt: null };
  const closes = Date.parse(lastInboundAt) + WINDOW_MS;
  return { open: closes > now, lastInboundAt, closesAt: nowIso(closes) };
}

function replyingOf(admin: string | null, at: string | null, now = Date.now()): string | null {
  return admin && at && now - Date.parse(at) < REPLYING_SHOWN_MS ? admin : null;
}

/** LIKE with the user's %, _ and \ taken literally. */
function likeTerm(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listConversations(db: Db, q: string | undefined, now = Date.now()) {
  let query = db
    .selectFrom('whatsapp_conversations as c')
    .leftJoin('users', 'users.id', 'c.user_id')
    .select([
      'c.phone',
      'c.profile_name',
      'users.name',
      'c.last_at',
      'c.unread',
      'c.waiting_since',
      'c.done_at',
      'c.replying_admin',
      'c.replying_at',
    ])
    .select((eb) => [
      eb
        .selectFrom('whatsapp_messages as m')
        .select('m.body')
        .whereRef('m.phone', '=', 'c.phone')
        .where('m.direction', 'in', ['in', 'out'])
        .orderBy('m.at', 'desc')
        .limit(1)
        .as('preview'),
      eb
        .exists(
          eb
            .selectFrom('whatsapp_messages as x')
            .select('x.id')
            .whereRef('x.phone', '=', 'c.phone')
            .where('x.type', '=', 'cancelled')
            .where((w) => w.or([w('c.done_at', 'is', null), w('x.at', '>', w.ref('c.done_at'))])),
        )
        .as('cancelled'),
    ]);
  const term = q?.trim();
  if (term) {
    const digits = term.replace(/\D/g, '');
    const like = likeTerm(term);
    query = query.where((eb) =>
      eb.or([
        ...(digits.length >= 3 ? [eb('c.phone', 'like', `%${digits}%`)] : []),
        eb(sql`lower(c.profile_name)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(users.name)`, 'like', sql`${like} escape '\\'`),
        eb.exists(
          eb
            .selectFrom('orders as o')
            .select('o.id')
            .whereRef('o.user_phone', '=', 'c.phone')
            .where(sql`lower(o.number)`, '=', term.toLowerCase()),
        ),
      ]),
    );
  }
  const [rows, waiting] = await Promise.all([
    query.orderBy('c.last_at', 'desc').orderBy('c.phone').limit(LIST_SHOWN).execute(),
    countWaiting(db),
  ]);
  return {
    waiting,
    conversations: rows.map((r) => ({
      phone: r.phone,
      name: r.name || r.profile_name || null,
      lastAt: r.last_at,
      unread: Number(r.unread),
      waitingSince: r.waiting_since,
      done: r.done_at !== null,
      preview: String(r.preview ?? '').slice(0, 120),
      replying: replyingOf(r.replying_admin, r.replying_at, now),
      cancelled: Boolean(Number(r.cancelled)),
    })),
  };
}

/** Conversations with a message nobody answered yet (Needs you and the menu). */
export async function countWaiting(db: Db): Promise<number> {
  const row = await db
    .selectFrom('whatsapp_conversations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('waiting_since', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders a shopper cancelled with WhatsApp's button whose conversation is not marked done since (Needs you). */
export async function countWhatsAppCancels(db: Db): Promise<number> {
  const row = await db
    .selectFrom('whatsapp_messages as m')
    .innerJoin('whatsapp_conversations as c', 'c.phone', 'm.phone')
    .select((eb) => eb.fn.count('m.id').as('n'))
    .where('m.type', '=', 'cancelled')
    .where((w) => w.or([w('c.done_at', 'is', null), w('m.at', '>', w.ref('c.done_at'))]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function extraOf(type: string, details: string | null): string | null {
  if (!details) return type === 'reaction' ? 'Reacted to a message' : null;
  const d = JSON.parse(details) as Record<string, unknown>;
  if (type === 'location' && typeof d.latitude === 'number' && typeof d.longitude === 'number') {
    return `Location ${d.latitude}, ${d.longitude}${d.url ? ` · ${String(d.url)}` : ''}`;
  }
  if (typeof d.filename === 'string' && d.filename) return d.filename;
  if (d.voice === true) return 'Voice note';
  if (type === 'reaction') return d.messageId ? 'Reacted to a message' : null;
  if (type === 'unsupported') return `A ${String(d.type ?? 'kind of')} message WhatsApp does not pass on`;
  return null;
}

const EVENT_WORDS: Record<string, (status: string, note: string | null) => string | null> = {
  advance: (s, note) =>
    s === 'submitted'
      ? `The shopper sent the advance${note ? ` (${note})` : ''}`
      : s === 'received'
        ? 'Advance marked received'
        : s === 'refused'
          ? 'Advance refused'
          : null,
  // The order's state as the owner reads it elsewhere ("Order placed", not "Order ordered").
  state: (s, note) => `Order ${s === 'ordered' ? 'placed' : s}${note ? `: ${note}` : ''}`,
};

async function orderFacts(db: Db, phone: string): Promise<{ orders: ThreadOrder[]; ids: Map<string, string> }> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('shipments', 'shipments.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.number',
      'orders.status',
      'orders.created_at',
      'orders.total',
      'orders.advance_amount',
      'orders.advance_state',
      'shipments.courier_name',
      'shipments.awb',
      'shipments.step',
      'shipments.scan_text',
      'shipments.scan_location',
      'shipments.scan_at',
    ])
    .where('orders.user_phone', '=', phone)
    .orderBy('orders.created_at', 'desc')
    .limit(20)
    .execute();
  const ids = new Map(rows.map((r) => [r.id, r.number]));
  const orders = rows.map((r) => {
    const money = orderCodMoney(r);
    return {
      number: r.number,
      status: r.status,
      createdAt: r.created_at,
      total: Number(r.total),
      advanceState: r.advance_state,
      advance: money.advance,
      advanceReceived: money.received,
      dueNow: money.dueNow,
      onDelivery: money.onDelivery,
      parcel:
        r.step === null
          ? null
          : {
              courierName: r.courier_name ?? '',
              awb: r.awb ?? null,
              step: String(r.step),
              scanText: r.scan_text ?? null,
              scanLocation: r.scan_location ?? null,
              scanAt: r.scan_at ?? null,
            },
    };
  });
  return { orders, ids };
}

async function quickAnswers(db: Db, config: Config, orders: ThreadOrder[]): Promise<Thread['quickAnswers']> {
  const answers: Thread['quickAnswers'] = [];
  const parcel = orders.find((o) => o.parcel?.awb);
  if (parcel?.parcel?.awb) {
    const link = trackingUrl(parcel.parcel.courierName, parcel.parcel.awb);
    answers.push({
      label: `Tracking of ${parcel.number}`,
      text: `Your order ${parcel.number} is with ${parcel.parcel.courierName || 'the courier'}, AWB ${parcel.parcel.awb}.${link ? ` Track it here: ${link}` : ''}`,
    });
  }
  const unpaid = orders.find((o) => o.dueNow > 0);
  if (unpaid) {
    answers.push({
      label: `Advance link of ${unpaid.number}`,
      text: `You can pay the ${formatRupees(unpaid.dueNow)} advance of order ${unpaid.number} here: ${await advanceLinkUrl(db, config, unpaid.number)}`,
    });
  }
  const h = config.whatsapp?.shopHours ?? { open: 600, close: 1200 };
  const time = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  answers.push({
    label: 'Shop hours',
    text: `We answer every day from ${time(h.open)} to ${time(h.close)} (India time). You can also call us on ${config.shop.phone}.`,
  });
  return answers;
}

/** One conversation with its items and orders; undefined when the number never wrote. */
export async function readThread(db: Db, config: Config, phone: string, now = Date.now()): Promise<Thread | undefined> {
  const conv = await db
    .selectFrom('whatsapp_conversations as c')
    .leftJoin('users', 'users.id', 'c.user_id')
    .selectAll('c')
    .select('users.name')
    .where('c.phone', '=', phone)
    .executeTakeFirst();
  if (!conv) return undefined;
  const [{ orders, ids }, messages, stored] = await Promise.all([
    orderFacts(db, phone),
    db
      .selectFrom('whatsapp_messages as m')
      .leftJoin('whatsapp_outbox as w', 'w.id', 'm.outbox_id')
      .select([
        'm.id',
        'm.direction',
        'm.type',
        'm.body',
        'm.details',
        'm.at',
        'm.admin',
        'm.order_id',
        'm.media_state',
        'm.media_type',
        'm.media_size',
        'm.media_error',
        'w.status',
        'w.last_error',
      ])
      .where('m.phone', '=', phone)
      .orderBy('m.at', 'desc')
      .limit(ITEMS_SHOWN)
      .execute(),
    // The store's own messages to this number (not the inbox's replies, already above).
    db
      .selectFrom('whatsapp_outbox')
      .select(['id', 'kind', 'preview', 'created_at', 'status', 'last_error', 'order_id'])
      .where('to_phone', '=', toE164(conv.wa_id))
      .where('kind', '!=', 'inbox-reply')
      .orderBy('created_at', 'desc')
      .limit(ITEMS_SHOWN)
      .execute(),
  ]);
  const events =
    ids.size === 0
      ? []
      : await db
          .selectFrom('order_events')
          .select(['id', 'order_id', 'kind', 'status', 'note', 'created_at'])
          .where('order_id', 'in', [...ids.keys()])
          .orderBy('created_at', 'desc')
          .limit(ITEMS_SHOWN)
          .execute();
  const items: ThreadItem[] = [
    ...messages.map((m) => ({
      id: m.id,
      direction: m.direction as ThreadItem['direction'],
      type: m.type,
      body: m.body,
      extra: extraOf(m.type, m.details),
      at: m.at,
      admin: m.admin,
      status: m.direction === 'out' ? (m.status ?? 'queued') : null,
      statusError: m.direction === 'out' ? (m.last_error ?? null) : null,
      media: m.media_state
        ? {
            state: m.media_state as 'pending' | 'stored' | 'refused',
            type: m.media_type,
            size: m.media_size === null ? null : Number(m.media_size),
            error: m.media_error,
          }
        : null,
      orderNumber: (m.order_id && ids.get(m.order_id)) || null,
    })),
    ...stored.map((w) => ({
      id: w.id,
      direction: 'store' as const,
      type: w.kind,
      body: w.preview,
      extra: whatsAppKindLabel(w.kind),
      at: w.created_at,
      admin: null,
      status: w.status,
      statusError: w.status === 'failed' ? w.last_error : null,
      media: null,
      orderNumber: (w.order_id && ids.get(w.order_id)) || null,
    })),
    ...events.flatMap((e) => {
      const words = EVENT_WORDS[e.kind]?.(e.status, e.note) ?? null;
      if (!words) return [];
      return [
        {
          id: e.id,
          direction: 'event' as const,
          type: `${e.kind}-${e.status}`,
          body: words,
          extra: null,
          at: e.created_at,
          admin: null,
          status: null,
          statusError: null,
          media: null,
          orderNumber: ids.get(e.order_id) ?? null,
        },
      ];
    }),
  ]
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1))
    .slice(-ITEMS_SHOWN);
  return {
    phone: conv.phone,
    name: conv.name ?? null,
    profileName: conv.profile_name,
    hasAccount: conv.user_id !== null,
    waitingSince: conv.waiting_since,
    doneAt: conv.done_at,
    doneBy: conv.done_by,
    replying: replyingOf(conv.replying_admin, conv.replying_at, now),
    window: windowOf(conv.last_inbound_at, now),
    items,
    orders,
    quickAnswers: await quickAnswers(db, config, orders),
  };
}
