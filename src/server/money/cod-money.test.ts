/**
 * The one money-on-delivery rule (common/advance.ts codMoney) by hand, state by state, and its SQL
 * form (cod-money.ts) against it for every advance state, every order state and the edge amounts
 * (no advance, an advance above the total), on SQLite and PostgreSQL (docs/decisions/046-one-cod-rule.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVANCE_STATES, codMoney, codPlan } from '../../common/advance.ts';
import { ORDER_STATES } from '../../common/orders.ts';
import { newId } from '../db/ids.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/databases.ts';
import { booksShopper } from '../test-support/invoiced-orders.ts';
import { codMoneySql, orderCodMoney } from './cod-money.ts';

describe('codMoney: what the courier collects, by hand', () => {
  const order = (advanceState: string, status = 'dispatched') =>
    codMoney({ total: 5000, advanceAmount: 300, advanceState, status });
  it.each([
    // state, advance asked, received, still to pay now, on delivery
    ['awaiting', 300, 0, 300, 4700],
    ['submitted', 300, 0, 300, 4700],
    ['refused', 300, 0, 300, 4700],
    ['received', 300, 300, 0, 4700],
    // A waived advance was never paid: the courier collects the whole ₹5,000 (the defect of issue 33).
    ['waived', 0, 0, 0, 5000],
  ])('%s: advance %i, received %i, due now %i, on delivery %i', (state, advance, received, dueNow, onDelivery) => {
    expect(order(state)).toEqual({ advance, received, dueNow, onDelivery });
  });

  it('collects nothing for an order that no longer goes out, and asks nothing more of it', () => {
    for (const status of ['cancelled', 'returned']) {
      expect(order('received', status)).toEqual({ advance: 300, received: 300, dueNow: 0, onDelivery: 0 });
      expect(order('awaiting', status)).toEqual({ advance: 300, received: 0, dueNow: 0, onDelivery: 0 });
    }
  });

  it('never asks more than the total, and COD_ADVANCE=0 collects the whole total', () => {
    expect(codMoney({ total: 200, advanceAmount: 300, advanceState: 'received', status: 'delivered' })).toEqual({
      advance: 200,
      received: 200,
      dueNow: 0,
      onDelivery: 0,
    });
    expect(codPlan(5000, 0)).toEqual({ advance: 0, received: 0, dueNow: 0, onDelivery: 5000 });
    expect(codPlan(5000, 300)).toEqual({ advance: 300, received: 0, dueNow: 300, onDelivery: 4700 });
  });
});

describe.each(TEST_DIALECTS)('codMoneySql against codMoney on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => t?.cleanup());

  it('gives every figure of every advance state, order state and edge amount as the rule does', async () => {
    const userId = await booksShopper(t.db);
    const amounts = [
      { total: 5000, advance: 300 },
      { total: 200, advance: 300 },
      { total: 4999, advance: 0 },
    ];
    const rows = ADVANCE_STATES.flatMap((advance_state) =>
      ORDER_STATES.flatMap((status) =>
        amounts.map(({ total, advance }) => ({
          id: newId(),
          number: `M-${newId()}`,
          user_id: userId,
          user_phone: '9000000001',
          address: 'Somewhere',
          status,
          total_mrp: total,
          total,
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
          advance_amount: advance,
          advance_state,
        })),
      ),
    );
    await t.db.insertInto('orders').values(rows).execute();
    const money = codMoneySql('o');
    const read = await t.db
      .selectFrom('orders as o')
      .select([
        'o.id',
        'o.total',
        'o.advance_amount',
        'o.advance_state',
        'o.status',
        money.advance.as('advance'),
        money.received.as('received'),
        money.dueNow.as('due_now'),
        money.onDelivery.as('on_delivery'),
      ])
      .execute();
    expect(read).toHaveLength(ADVANCE_STATES.length * ORDER_STATES.length * amounts.length);
    for (const r of read) {
      const rule = orderCodMoney(r);
      const where = `${r.advance_state}/${r.status}/${r.total}-${r.advance_amount}`;
      expect(
        {
          advance: Number(r.advance),
          received: Number(r.received),
          dueNow: Number(r.due_now),
          onDelivery: Number(r.on_delivery),
        },
        where,
      ).toEqual({
        advance: rule.advance * 100,
        received: rule.received * 100,
        dueNow: rule.dueNow * 100,
        onDelivery: rule.onDelivery * 100,
      });
    }
  });
});
