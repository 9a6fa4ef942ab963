import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/account-rules.ts';
import { COMPLAINT_RULES } from '../../common/complaint-rules.ts';
import { adminCookie } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { testPhone } from '../test-support/shoppers.ts';
import { COMPLAINTS_PER_ADDRESS, TOO_MANY_COMPLAINTS } from './file-complaint.ts';
import { ALREADY_ANSWERED, COMPLAINT_NOT_FOUND } from './queries.ts';

const OWNER = 'owner@example.in';

describe.each(TEST_DIALECTS)('complaints on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { OWNER_EMAIL: OWNER } });
    admin = await adminCookie(t);
  });
  afterAll(async () => t.close());

  /** Each test files from its own client address, so the per-address limit is met only where meant. */
  const file = (payload: object, remoteAddress = `10.0.0.${++address}`) =>
    t.app.inject({ method: 'POST', url: '/api/complaints', payload, remoteAddress });
  const valid = () => ({
    name: 'Meera Iyer',
    phone: testPhone(),
    orderNumber: 'tsw-10001',
    message: 'My watch arrived with a cracked glass.',
  });
  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const traces = async () => ({
    complaints: await t.app.db.selectFrom('complaints').selectAll().execute(),
    counter: await t.app.db.selectFrom('counters').selectAll().where('key', '=', 'complaint').executeTakeFirst(),
    mails: await t.app.db.selectFrom('outbox').select('id').where('kind', '=', 'complaint').execute(),
  });

  it('gives a ticket number, keeps the complaint and mails the owner in the same transaction', async () => {
    const body = valid();
    const first = await file(body);
    expect(first.statusCode, first.body).toBe(201);
    const { ticket } = first.json();
    expect(ticket).toMatch(/^C-\d{6}$/);
    const second = await file({ ...valid(), orderNumber: undefined });
    expect(second.statusCode, second.body).toBe(201);
    expect(Number(second.json().ticket.slice(2))).toBe(Number(ticket.slice(2)) + 1);

    const row = await t.app.db
      .selectFrom('complaints')
      .selectAll()
      .where('ticket', '=', ticket)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Meera Iyer', phone: body.phone, order_number: 'TSW-10001', answered_at: null });
    const noOrder = await t.app.db
      .selectFrom('complaints')
      .select('order_number')
      .where('ticket', '=', second.json().ticket)
      .executeTakeFirstOrThrow();
    expect(noOrder.order_number).toBeNull();

    const mail = await t.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'complaint')
      .where('subject', 'like', `%${ticket}%`)
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(OWNER);
    expect(mail.subject).toContain('Meera Iyer');
    expect(mail.text_body).toContain('My watch arrived with a cracked glass.');
    expect(mail.text_body).toContain(body.phone);
    expect(mail.text_body).toContain('/dashboard/complaints');
  });

  it('refuses a bad complaint with the form’s message and stores nothing, takes no ticket number', async () => {
    const before = await traces();
    const cases: Array<[object, string]> = [
      [{ ...valid(), name: 'M' }, MESSAGES.name],
      [{ ...valid(), phone: '12345' }, MESSAGES.phone],
      [{ ...valid(), orderNumber: 'my order' }, COMPLAINT_RULES.orderNumber.message],
      [{ ...valid(), message: 'bad' }, COMPLAINT_RULES.message.message],
      [{ ...valid(), message: 'x'.repeat(2001) }, 'Please keep the message under 2000 characters'],
      [{ name: 'Meera Iyer' }, MESSAGES.phone],
    ];
    for (const [payload, message] of cases) {
      const res = await file(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await traces()).toEqual(before);
  });

  it(`takes at most ${COMPLAINTS_PER_ADDRESS} complaints an hour from one address`, async () => {
    const from = '10.9.9.9';
    for (let i = 0; i < COMPLAINTS_PER_ADDRESS; i++) expect((await file(valid(), from)).statusCode).toBe(201);
    const before = await traces();
    const refused = await file(valid(), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(TOO_MANY_COMPLAINTS);
    expect(await traces()).toEqual(before);
    expect((await file(valid(), '10.9.9.10')).statusCode, 'another address is not held').toBe(201);
  });

  it('lists open complaints oldest first for the owner, marks those past 48 hours, and marks one answered once', async () => {
    const old = (await file({ ...valid(), name: 'Old Complaint' })).json().ticket as string;
    const fresh = (await file({ ...valid(), name: 'Fresh Complaint' })).json().ticket as string;
    // Filed 49 hours ago.
    await t.app.db
      .updateTable('complaints')
      .set({ created_at: new Date(Date.now() - 49 * 3_600_000).toISOString() })
      .where('ticket', '=', old)
      .execute();

    const open = await asAdmin('GET', '/api/admin/complaints');
    expect(open.statusCode).toBe(200);
    const page = open.json();
    expect(page.items[0].ticket, 'the oldest open complaint first').toBe(old);
    expect(page.items[0].overdue).toBe(true);
    const freshItem = page.items.find((c: { ticket: string }) => c.ticket === fresh);
    expect(freshItem).toMatchObject({ overdue: false, answeredAt: null, name: 'Fresh Complaint' });
    expect(page.overdueCount).toBe(1);
    expect(page.openCount).toBe(page.total);
    const needsYou = async () => (await asAdmin('GET', '/api/admin/stats')).json().attention;
    expect(await needsYou(), 'the dashboard’s “needs you” counts them').toMatchObject({
      complaintsOpen: page.openCount,
      complaintsOverdue: 1,
    });

    const answered = await asAdmin('POST', `/api/admin/complaints/${old}/answer`, {
      note: '  Called her; replacing the glass.  ',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().complaint).toMatchObject({
      ticket: old,
      overdue: false,
      answerNote: 'Called her; replacing the glass.',
      answeredBy: expect.stringMatching(/^boss/),
    });
    const again = await asAdmin('POST', `/api/admin/complaints/${old}/answer`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ALREADY_ANSWERED);

    const after = (await asAdmin('GET', '/api/admin/complaints')).json();
    expect(after.items.map((c: { ticket: string }) => c.ticket)).not.toContain(old);
    expect(after.overdueCount).toBe(0);
    expect(await needsYou()).toMatchObject({ complaintsOpen: page.openCount - 1, complaintsOverdue: 0 });
    expect(after.openCount).toBe(page.openCount - 1);
    const done = (await asAdmin('GET', '/api/admin/complaints?view=answered')).json();
    expect(done.items.map((c: { ticket: string }) => c.ticket)).toContain(old);
    const all = (await asAdmin('GET', '/api/admin/complaints?view=all')).json();
    expect(all.total).toBe(after.total + done.total);
  });

  it('answers a missing ticket 404 and a malformed one 400, changing nothing', async () => {
    const missing = await asAdmin('POST', '/api/admin/complaints/C-999999/answer', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(COMPLAINT_NOT_FOUND);
    const malformed = await asAdmin('POST', '/api/admin/complaints/TSW-1/answer', {});
    expect(malformed.statusCode).toBe(400);
    const long = await asAdmin('POST', `/api/admin/complaints/C-000001/answer`, { note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    const row = await t.app.db
      .selectFrom('complaints')
      .select('answered_at')
      .where('ticket', '=', 'C-000001')
      .executeTakeFirst();
    expect(row?.answered_at ?? null).toBeNull();
  });
});
