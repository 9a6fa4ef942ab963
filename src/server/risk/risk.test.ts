/**
 * COD risk through the real app on SQLite and PostgreSQL (issue 35 items 1, 2, 5): an order placed by
 * a shopper with two earlier returns is asked the high tier's advance and keeps its tier and reasons;
 * new rules never alter it; rules that would refuse every order are a 400 that changes nothing; a
 * holdout order gets the plain default; the checkout's counts read their indexes (the plans, on both
 * dialects); and the report's rates, interval, "too few orders", rupees and CSV.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodRules, DEFAULT_COD_RULES, RULES_REFUSE_ALL, SUGGESTED_HIGH_ADVANCE } from '../../common/cod-rules.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Database } from '../db/tables.ts';
import { adminCookie } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { insertProduct, type Shopper, signUp } from '../test-support/shoppers.ts';
import { assessOrder } from './assess.ts';
import { addressAccountsQuery, historyQuery, orderScalars } from './history-queries.ts';
import { districtPincodes } from './pincode-areas.ts';
import { areaOutcomesQuery } from './pincode-outcomes.ts';

/** This file's shoppers each have their own address, so no other shopper's history is theirs. */
const addressOf = (n: string) => `${n}, Sai Krupa Heights, near Ganesh Temple, Nashik - 422001, Maharashtra`;

describe.each(TEST_DIALECTS)('COD risk on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await adminCookie(t);
  });
  afterAll(async () => t.close());

  const saveRules = (rules: CodRules) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/cod-rules', headers: { cookie: admin }, payload: rules });
  const order = (s: Shopper, productId: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: s.cookie },
      payload: { address, idempotencyKey: randomUUID(), lines: [{ productId, quantity: 1 }] },
    });
  const row = (number: string) =>
    t.app.db
      .selectFrom('orders')
      .select([
        'id',
        'total',
        'advance_amount',
        'advance_state',
        'risk_tier',
        'risk_reasons',
        'risk_holdout',
        'risk_score',
      ])
      .where('number', '=', number)
      .executeTakeFirstOrThrow();

  it('starts from the defaults and refuses rules that would refuse every order, saving nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/cod-rules', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rules: DEFAULT_COD_RULES, savedAt: null, defaultAdvance: 300 });
    const refused = await saveRules({
      ...DEFAULT_COD_RULES,
      advances: { ...DEFAULT_COD_RULES.advances, low: { kind: 'prepaid' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain(RULES_REFUSE_ALL);
    const bad = await saveRules({ ...DEFAULT_COD_RULES, holdoutPercent: 90 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await t.app.db.selectFrom('cod_rules').select('id').execute()).toEqual([]);
    // A shopper may not read or set them.
    const s = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/cod-rules', headers: { cookie: s.cookie } })).statusCode,
    ).toBe(403);
  });

  it('asks a shopper with two earlier returns the high tier’s advance, and keeps it when the rules change', async () => {
    const tiersOn = { ...DEFAULT_COD_RULES.advances, high: SUGGESTED_HIGH_ADVANCE };
    expect((await saveRules({ ...DEFAULT_COD_RULES, holdoutPercent: 0, advances: tiersOn })).statusCode).toBe(200);
    const s = await signUp(t.app);
    const address = addressOf(`${Date.now() % 100000}`);
    const product = await insertProduct(t.app.db, { price: 6000, discountPrice: 5000 });
    const earlier: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await order(s, product.id, address);
      expect(res.statusCode).toBe(201);
      earlier.push(res.json().order.number);
    }
    // Test setup: both came back (the state change itself is orders/transition.ts's, tested there).
    await t.app.db.updateTable('orders').set({ status: 'returned' }).where('number', 'in', earlier).execute();

    const placed = await order(s, product.id, address);
    expect(placed.statusCode).toBe(201);
    const number: string = placed.json().order.number;
    const after = await row(number);
    expect(after.risk_tier).toBe('high');
    expect(Number(after.risk_holdout)).toBe(0);
    // 30% of ₹5,000: ₹1,500 before packing; the one money rule leaves ₹3,500 on delivery.
    expect(Number(after.advance_amount)).toBe(1500);
    const reasons = JSON.parse(after.risk_reasons!);
    expect(reasons[0]).toEqual({
      signal: 'returned_before',
      points: 50,
      reason: '2 earlier orders came back (this account, phone or address)',
    });

    // New rules (the high tier prepaid only) apply to new orders; the placed one keeps everything.
    const prepaid = {
      ...DEFAULT_COD_RULES,
      holdoutPercent: 0,
      advances: { ...DEFAULT_COD_RULES.advances, high: { kind: 'prepaid' as const } },
    };
    expect((await saveRules(prepaid)).statusCode).toBe(200);
    expect(await row(number)).toEqual(after);
    const next = await order(s, product.id, address);
    expect(next.statusCode).toBe(201);
    const whole = await row(next.json().order.number);
    expect(Number(whole.advance_amount)).toBe(5000);
    expect(whole.risk_tier).toBe('high');

    // The owner reads tier and reasons beside the advance in Admin Orders.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${number}`,
      headers: { cookie: admin },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().order.risk).toMatchObject({
      tier: 'high',
      holdout: false,
      reasons: expect.arrayContaining([{ reason: reasons[0].reason, points: 50 }]),
    });
  });

  it('gives a holdout order the plain default advance whatever its tier, and records the draw', async () => {
    await saveRules({
      ...DEFAULT_COD_RULES,
      holdoutPercent: 10,
      advances: { ...DEFAULT_COD_RULES.advances, high: SUGGESTED_HIGH_ADVANCE },
    });
    const s = await signUp(t.app);
    const address = addressOf(`H${Date.now() % 100000}`);
    const product = await insertProduct(t.app.db);
    const first = await order(s, product.id, address);
    await t.app.db
      .updateTable('orders')
      .set({ status: 'returned' })
      .where('number', '=', first.json().order.number)
      .execute();
    const second = await order(s, product.id, address);
    await t.app.db
      .updateTable('orders')
      .set({ status: 'returned' })
      .where('number', '=', second.json().order.number)
      .execute();
    const draws: number[] = [];
    await (t.app.db as Kysely<Database>).transaction().execute(async (trx) => {
      const facts = { userId: s.id, phone: s.number, address, total: 3500 };
      const held = await assessOrder(trx, facts, 300, (percent) => {
        draws.push(percent);
        return true;
      });
      expect(held).toMatchObject({ tier: 'high', holdout: true, advance: 300 });
      const ruled = await assessOrder(trx, facts, 300, () => false);
      expect(ruled).toMatchObject({ tier: 'high', holdout: false, advance: 1050 });
    });
    expect(draws).toEqual([10]);
  });

  it('counts the accounts at an address, this one included, up to ten', async () => {
    const user = await signUp(t.app);
    const accountsAtAddress = async (addressKey: string, userId: string) =>
      (await orderScalars(t.app.db, { userId, phone: user.number, addressKey })).accountsAtAddress;
    const key = `skipscan${dialect}${Date.now()}`;
    const orderAt = (userId: string, i: number) => ({
      id: newId(),
      number: `ACC-${dialect}-${key}-${i}`,
      user_id: userId,
      user_phone: user.number,
      address: 'x',
      status: 'ordered',
      total_mrp: 4000,
      total: 3000,
      idempotency_key: null,
      advance_amount: 300,
      address_key: key,
      created_at: nowIso(),
      updated_at: nowIso(),
    });
    const others = await Promise.all([0, 1].map(() => signUp(t.app)));
    await t.app.db
      .insertInto('orders')
      .values([orderAt(others[0]!.id, 0), orderAt(others[0]!.id, 1), orderAt(others[1]!.id, 2)])
      .execute();
    expect(await accountsAtAddress(key, user.id)).toBe(3);
    expect(await accountsAtAddress(key, others[1]!.id)).toBe(2);
    const more = await Promise.all(Array.from({ length: 10 }, () => signUp(t.app)));
    await t.app.db
      .insertInto('orders')
      .values(more.map((u, i) => orderAt(u.id, 10 + i)))
      .execute();
    expect(await accountsAtAddress(key, user.id)).toBe(10);
    expect(await accountsAtAddress('short', user.id)).toBe(1);
  });

  it('reads in one statement whether this account proved this phone, and which rule set is in force', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const scalars = (userId: string, phone: string) =>
      orderScalars(t.app.db, { userId, phone, addressKey: `nowhere${dialect}${Date.now()}` });
    expect((await scalars(user.id, user.number)).proven).toBe(false);
    await t.app.db
      .insertInto('whatsapp_proofs')
      .values({
        id: newId(),
        phone: user.number,
        user_id: user.id,
        request_id: null,
        code_id: newId(),
        proven_at: nowIso(),
      })
      .execute();
    expect((await scalars(user.id, user.number)).proven).toBe(true);
    // The same phone in a stranger's account, or another phone in this one, is not proven.
    expect((await scalars(other.id, user.number)).proven).toBe(false);
    expect((await scalars(user.id, other.number)).proven).toBe(false);
    const saved = await saveRules({ ...DEFAULT_COD_RULES, holdoutPercent: 0 });
    expect(saved.statusCode).toBe(200);
    const newest = await t.app.db
      .selectFrom('cod_rules')
      .select(['id', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await scalars(user.id, user.number)).rules).toEqual({ id: newest.id, savedAt: newest.created_at });
  });

  it('reads the shopper’s, the address’s and the place’s counts through their indexes', async () => {
    // Other shoppers' orders, so a scan would be cheaper to show than an index on an empty table.
    const product = await insertProduct(t.app.db);
    for (let i = 0; i < 3; i++) await order(await signUp(t.app), product.id, addressOf(`P${i}`));
    const db = t.app.db;
    const queries = {
      history: historyQuery(db, 'u1', '9876543210', 'saikrupaheightsnashik422001').compile(),
      area: areaOutcomesQuery(db, districtPincodes('422001')).compile(),
      accounts: addressAccountsQuery('saikrupaheightsnashik422001').compile(db),
    };
    if (dialect === 'sqlite') {
      for (const [name, query] of Object.entries(queries)) {
        const plan = (await db.executeQuery({ ...query, sql: `explain query plan ${query.sql}` })).rows as Array<{
          detail: string;
        }>;
        const text = plan.map((d) => d.detail).join(' | ');
        expect(text, name).not.toMatch(/SCAN orders(?! USING)|orders_status|orders_created/);
        expect(text, name).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY|SEARCH/);
      }
      const plans = await Promise.all(
        Object.values(queries).map(async (q) =>
          ((await db.executeQuery({ ...q, sql: `explain query plan ${q.sql}` })).rows as Array<{ detail: string }>)
            .map((d) => d.detail)
            .join(' | '),
        ),
      );
      // Each side of the history is one range of an index holding the states (migration 0032): the
      // orders table itself is not read.
      expect(plans[0]).toMatch(
        /COVERING INDEX orders_user_unpaid \(user_id=\?\).*COVERING INDEX orders_phone_unpaid \(user_phone=\?\).*COVERING INDEX orders_address_key \(address_key=\?\)/s,
      );
      expect(plans[0]).not.toMatch(/SEARCH o(rders)? USING (INDEX sqlite_autoindex_orders|PRIMARY KEY)/);
      // A place's outcomes are its pincodes' counts, read by key (pincode-outcomes.ts).
      expect(plans[1]).toMatch(
        /SEARCH pincode_outcomes USING INDEX sqlite_autoindex_pincode_outcomes_1 \(pincode=\?\)/,
      );
      expect(plans[2]).toContain('USING COVERING INDEX orders_address_key (address_key=?)');
    } else {
      // PostgreSQL plans a seq scan on a table this small whatever its indexes: forbid it, then read
      // the plan the planner keeps for a large table.
      await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const planOf = async (q: { sql: string; parameters: readonly unknown[] }) =>
          ((await trx.executeQuery({ ...q, sql: `explain ${q.sql}` } as never)).rows as Array<{ 'QUERY PLAN': string }>)
            .map((r) => r['QUERY PLAN'])
            .join('\n');
        const history = await planOf(queries.history);
        expect(history).toMatch(/Index Only Scan using orders_user_unpaid/);
        expect(history).toMatch(/Index Only Scan using orders_phone_unpaid/);
        expect(history).toMatch(/Index Only Scan using orders_address_key/);
        // Nor the orders table by the ids found (a heap scan on `orders o`, or its primary key).
        expect(history).not.toMatch(/Scan on orders o\b|orders_pkey/);
        expect(await planOf(queries.area)).toMatch(/pincode_outcomes_pkey/);
        expect(await planOf(queries.accounts)).toMatch(/orders_address_key/);
        for (const q of Object.values(queries)) expect(await planOf(q)).not.toMatch(/Seq Scan on orders/);
      });
    }
  });

  it('reports per tier and holdout with the rate’s interval, rupees lost and saved, weeks and CSV', async () => {
    await saveRules({ ...DEFAULT_COD_RULES, freightPerReturn: 200 });
    const user = await signUp(t.app);
    // 100 holdout orders (20 returned) and 100 high-tier orders (8 returned) in one week of 2026, and
    // 5 low-tier orders: too few to say.
    const at = (day: number) => new Date(Date.UTC(2026, 0, 5 + day, 6)).toISOString();
    const rows: Array<{ tier: string; holdout: number; status: string; day: number }> = [];
    for (let i = 0; i < 100; i++)
      rows.push({ tier: i % 2 ? 'high' : 'low', holdout: 1, status: i < 20 ? 'returned' : 'delivered', day: i % 7 });
    for (let i = 0; i < 100; i++)
      rows.push({ tier: 'high', holdout: 0, status: i < 8 ? 'returned' : 'delivered', day: 7 + (i % 7) });
    for (let i = 0; i < 5; i++)
      rows.push({ tier: 'low', holdout: 0, status: i === 0 ? 'returned' : 'delivered', day: 1 });
    await t.app.db
      .insertInto('orders')
      .values(
        rows.map((r, i) => ({
          id: newId(),
          number: `RPT-${dialect}-${i}`,
          user_id: user.id,
          user_phone: user.number,
          address: 'x',
          status: r.status,
          total_mrp: 4000,
          total: 3000,
          idempotency_key: null,
          advance_amount: 300,
          risk_tier: r.tier,
          risk_holdout: r.holdout,
          created_at: at(r.day),
          updated_at: nowIso(),
        })),
      )
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/cod-rules/report?from=2026-01-01&to=2026-01-31',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    const byGroup = Object.fromEntries(report.groups.map((g: { group: string }) => [g.group, g]));
    expect(byGroup.holdout).toMatchObject({
      orders: 100,
      delivered: 80,
      returned: 20,
      returnRate: 0.2,
      lostRupees: 4000,
    });
    expect(byGroup.holdout.rateLow).toBeCloseTo(0.1333, 3);
    expect(byGroup.holdout.rateHigh).toBeCloseTo(0.2888, 3);
    expect(byGroup.high).toMatchObject({ orders: 100, returned: 8, returnRate: 0.08, lostRupees: 1600 });
    expect(byGroup.low).toMatchObject({ orders: 5, returned: 1, returnRate: null, rateLow: null, lostRupees: 200 });
    expect(byGroup.medium).toMatchObject({ orders: 0, returnRate: null });
    // Rules: 9 of 105 (8.57%); holdout 20%: (0.2 − 0.0857) × 105 × ₹200 = ₹2,400.
    expect(report.savedRupees).toBe(2400);
    expect(report.weeks.map((w: { week: string }) => w.week)).toEqual(['2026-01-05', '2026-01-12']);
    expect(report.weeks[0]).toEqual({
      week: '2026-01-05',
      rulesFinished: 5,
      rulesReturned: 1,
      holdoutFinished: 100,
      holdoutReturned: 20,
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/cod-rules/report.csv?from=2026-01-01&to=2026-01-31',
      headers: { cookie: admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Low risk,5,4,1,too few orders,,,200');
    expect(csv.body).toContain('Holdout (default advance),100,80,20,20.0,13.3,28.9,4000');
    expect(csv.body).toContain('Saved against the holdout (INR),2400');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/cod-rules/report?from=2026-02-01&to=2026-01-01',
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
  });
});
