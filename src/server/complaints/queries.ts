/**
 * The grievance desk's complaints (docs/product.md#contact): numbered tickets, the owner's
 * list, and marking one answered.
 */
import type { Kysely, Transaction } from 'kysely';
import { COMPLAINT_ANSWER_HOURS, formatTicket, isOverdue } from '../../common/complaint-rules.ts';
import type { AdminComplaint, ComplaintView } from '../../common/schemas/complaint.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Database, Db } from '../db/tables.ts';
import { conflict, notFound } from '../http/errors.ts';

type Trx = Kysely<Database> | Transaction<Database>;

export const COMPLAINT_NOT_FOUND = 'We could not find this complaint';
export const ALREADY_ANSWERED = 'This complaint is already marked answered';

export interface NewComplaint {
  name: string;
  phone: string;
  orderNumber: string;
  message: string;
}

/**
 * Stores a complaint with the next ticket number. The number comes from the
 * counters row 'complaint', taken with UPDATE … RETURNING inside the caller's
 * transaction: one value per complaint, given back if the insert rolls back.
 * On PostgreSQL the row stays locked until the commit; complaints are few, so
 * the queueing that would hurt orders (see orders/order-number.ts) does not matter here.
 */
export async function insertComplaint(trx: Trx, input: NewComplaint, now = Date.now()) {
  const counter = await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('key', '=', 'complaint')
    .returning('value')
    .executeTakeFirstOrThrow();
  const complaint = {
    id: newId(now),
    ticket: formatTicket(Number(counter.value)),
    name: input.name,
    phone: input.phone,
    order_number: input.orderNumber === '' ? null : input.orderNumber.toUpperCase(),
    message: input.message,
    created_at: nowIso(now),
  };
  await trx.insertInto('complaints').values(complaint).execute();
  return complaint;
}

function inView(db: Db, view: ComplaintView) {
  const q = db.selectFrom('complaints');
  if (view === 'open') return q.where('complaints.answered_at', 'is', null);
  if (view === 'answered') return q.where('complaints.answered_at', 'is not', null);
  return q;
}

const COLUMNS = [
  'complaints.ticket',
  'complaints.name',
  'complaints.phone',
  'complaints.order_number',
  'complaints.message',
  'complaints.created_at',
  'complaints.answered_at',
  'complaints.answer_note',
  'admins.username',
] as const;

function withAnswerer(db: Db, view: ComplaintView) {
  return inView(db, view).leftJoin('admins', 'admins.id', 'complaints.answered_by').select(COLUMNS);
}

function toAdminComplaint(
  r: Awaited<ReturnType<ReturnType<typeof withAnswerer>['executeTakeFirstOrThrow']>>,
  now: number,
): AdminComplaint {
  return {
    ticket: r.ticket,
    name: r.name,
    phone: r.phone,
    orderNumber: r.order_number,
    message: r.message,
    createdAt: r.created_at,
    overdue: r.answered_at === null && isOverdue(r.created_at, now),
    answeredAt: r.answered_at,
    answeredBy: r.username,
    answerNote: r.answer_note,
  };
}

/**
 * A page of complaints: open ones oldest first (the most urgent on top),
 * answered and all newest first.
 */
export async function listComplaints(
  db: Db,
  view: ComplaintView,
  limit: number,
  offset: number,
  now = Date.now(),
): Promise<AdminComplaint[]> {
  const order = view === 'open' ? 'asc' : 'desc';
  const rows = await withAnswerer(db, view)
    .orderBy('complaints.created_at', order)
    .orderBy('complaints.ticket', order)
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => toAdminComplaint(r, now));
}

export async function findComplaint(db: Db, ticket: string, now = Date.now()): Promise<AdminComplaint | null> {
  const row = await withAnswerer(db, 'all').where('complaints.ticket', '=', ticket).executeTakeFirst();
  return row ? toAdminComplaint(row, now) : null;
}

export async function countComplaints(db: Db, view: ComplaintView): Promise<number> {
  const row = await inView(db, view)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Open complaints, and those of them past the 48 hours (the dashboard's "needs you"). */
export async function countOpenComplaints(db: Db, now = Date.now()): Promise<{ open: number; overdue: number }> {
  const overdueBefore = nowIso(now - COMPLAINT_ANSWER_HOURS * 3_600_000);
  const row = await db
    .selectFrom('complaints')
    .select((eb) => [
      eb.fn.countAll<number>().as('open'),
      eb.fn.sum<number>(eb.case().when('created_at', '<', overdueBefore).then(1).else(0).end()).as('overdue'),
    ])
    .where('answered_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), overdue: Number(row.overdue ?? 0) };
}

/**
 * Marks an open complaint answered by `adminId`, with an optional note of what
 * was done. One UPDATE decides, so two admins answering at once cannot both
 * succeed: the second is told it is already answered.
 */
export async function answerComplaint(db: Db, ticket: string, adminId: string, note: string, now = Date.now()) {
  const updated = await db
    .updateTable('complaints')
    .set({ answered_at: nowIso(now), answered_by: adminId, answer_note: note === '' ? null : note })
    .where('ticket', '=', ticket)
    .where('answered_at', 'is', null)
    .returning('ticket')
    .executeTakeFirst();
  if (updated) return;
  const exists = await db.selectFrom('complaints').select('ticket').where('ticket', '=', ticket).executeTakeFirst();
  throw exists ? conflict(ALREADY_ANSWERED) : notFound(COMPLAINT_NOT_FOUND);
}
