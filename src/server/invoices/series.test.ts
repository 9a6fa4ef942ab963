/**
 * The invoice series (docs/product.md#invoice): one consecutive series per financial year, never a
 * number twice, no gap, when dispatches race in one process and in two processes on one database.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOrderState } from '../orders/order-changes.ts';
import { adminCookie, createProduct, placeOrder, settleAdvance, shopper } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DATABASE_URL, TEST_DIALECTS } from '../test-support/databases.ts';
import { financialYear, formatInvoiceNumber } from './series.ts';

const ENV = { SHOP_GSTIN: '27AAPFU0939F1ZV', SHOP_ORDER_PREFIX: 'TSW' };

describe('the financial year and the number', () => {
  it('runs April to March in India time', () => {
    expect(financialYear('2026-03-31T18:29:59.999Z')).toBe('25-26'); // 31 Mar, 11:59 pm IST
    expect(financialYear('2026-03-31T18:30:00.000Z')).toBe('26-27'); // 1 Apr, midnight IST
    expect(financialYear('2026-01-15T10:00:00Z')).toBe('25-26');
    expect(financialYear('2099-12-31T10:00:00Z')).toBe('99-00');
  });

  it('is at most 16 characters', () => {
    expect(formatInvoiceNumber('TSW', '25-26', 123)).toBe('TSW/25-26/000123');
    expect(formatInvoiceNumber('TSW', '25-26', 999_999)).toHaveLength(16);
  });
});

describe.each(TEST_DIALECTS)('the invoice series on %s', (dialect) => {
  let t: TestApp;
  let adminId: string;
  let cookie: string;
  let productId: string;
  let buyer: Awaited<ReturnType<typeof shopper>>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: ENV });
    cookie = await adminCookie(t, 'series-admin');
    adminId = (
      await t.app.db.selectFrom('admins').select('id').where('username', '=', 'series-admin').executeTakeFirstOrThrow()
    ).id;
    buyer = await shopper(t);
    productId = await createProduct(t, cookie);
  });
  afterAll(() => t.close());

  /** n orders whose advance is received, ready to dispatch. */
  async function readyOrders(n: number): Promise<string[]> {
    const numbers = [];
    for (let i = 0; i < n; i++) {
      const number = await placeOrder(t, buyer.cookie, productId);
      await settleAdvance(t, cookie, number, 'received');
      numbers.push(number);
    }
    return numbers;
  }

  async function invoiceNumbers(numbers: string[]): Promise<string[]> {
    const rows = await t.app.db.selectFrom('orders').select('invoice_number').where('number', 'in', numbers).execute();
    return rows.map((r) => r.invoice_number!);
  }

  const serials = (invoices: string[]) => invoices.map((n) => Number(n.split('/')[2])).sort((a, b) => a - b);

  it('gives racing dispatches in one process consecutive numbers, none twice', async () => {
    const numbers = await readyOrders(12);
    const answers = await Promise.allSettled(
      numbers.map((n) => setOrderState(t.app.db, t.config, n, 'dispatched', adminId)),
    );
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
    const invoices = await invoiceNumbers(numbers);
    expect(new Set(invoices).size).toBe(12);
    expect(serials(invoices)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('gives racing dispatches in two app processes consecutive numbers, none twice, no gap', async () => {
    const numbers = await readyOrders(24);
    const theirs = numbers.filter((_, i) => i % 2 === 0);
    const ours = numbers.filter((_, i) => i % 2 === 1);
    const job = {
      ...(dialect === 'postgres'
        ? { databaseUrl: TEST_DATABASE_URL, schema: t.database.schema }
        : { sqlitePath: join(t.database.dataDir, 'store.sqlite') }),
      env: { ...ENV, DATA_DIR: t.database.dataDir },
      adminId,
      numbers: theirs,
    };
    const other = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../test-support/dispatch-process.ts'), JSON.stringify(job)],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const lines = createInterface({ input: other.stdout! })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('ready');
    // Both processes start their dispatches together.
    other.stdin!.write('go\n');
    const ourAnswers = await Promise.allSettled(
      ours.map((n) => setOrderState(t.app.db, t.config, n, 'dispatched', adminId)),
    );
    const theirAnswers = JSON.parse((await lines.next()).value as string) as string[];
    await once(other, 'exit');
    expect(ourAnswers.filter((a) => a.status === 'rejected')).toEqual([]);
    expect(theirAnswers).toEqual(theirs.map(() => 'ok'));

    const invoices = await invoiceNumbers(numbers);
    expect(new Set(invoices).size).toBe(24);
    // The first test took 1-12: these are 13-36, whichever process gave which.
    expect(serials(invoices)).toEqual(Array.from({ length: 24 }, (_, i) => i + 13));
    const year = financialYear(new Date().toISOString());
    const counter = await t.app.db
      .selectFrom('counters')
      .select('value')
      .where('key', '=', `invoice:${year}`)
      .executeTakeFirstOrThrow();
    expect(Number(counter.value)).toBe(36);
  });
});
