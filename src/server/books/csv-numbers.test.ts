/**
 * The accountant's CSVs keep amounts as numbers (issue 34 item 8): a month that credits more than it
 * sells has negative B2CS, HSN and Money at a glance figures, and a spreadsheet or the GST offline
 * tool must read them as numbers, so no apostrophe goes before their minus sign. Text cells keep the
 * formula guard (leads/csv.test.ts). On SQLite and PostgreSQL, from invoices and credit notes written
 * to the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/databases.ts';
import { booksShopper, insertInvoicedOrders } from '../test-support/invoiced-orders.ts';
import { gstr1Csv } from './gstr1/csv.ts';
import { buildGstr1 } from './gstr1/gstr1.ts';
import { parsePeriod } from './gstr1/period.ts';
import { moneyCsv } from './money/money-csv.ts';
import { moneyGlance } from './money/money-queries.ts';

const cells = (csv: string) => csv.split('\r\n').flatMap((line) => line.split(','));

describe.each(TEST_DIALECTS)('negative amounts in the books’ CSVs on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const userId = await booksShopper(database.db);
    // Sold in May 2041, credited in June: June's B2CS, HSN and GST by rate are negative.
    await insertInvoicedOrders(database.db, userId, [
      {
        invoiceNumber: 'N/41-42/000001',
        invoiceDate: '2041-05-20T06:00:00.000Z',
        supplyCode: '27',
        rateBp: 1800,
        lines: [{ unitPrice: 15_899, quantity: 1 }],
        creditNote: { number: 'NCN/4142/00001', date: '2041-06-02T06:00:00.000Z' },
      },
    ]);
  });
  afterAll(() => database.cleanup());

  it('writes GSTR-1’s negative B2CS and HSN amounts as numbers', async () => {
    const ret = await buildGstr1(database.db, parsePeriod('2041-06')!);
    const b2cs = gstr1Csv(ret, 'b2cs');
    expect(b2cs).toContain('OE,27-Maharashtra,18,,-13473.72,0.00,');
    const hsn = gstr1Csv(ret, 'hsn');
    expect(hsn).toMatch(/,NOS-NUMBERS,-1,-15899\.00,18,-13473\.72,0\.00,-1212\.64,-1212\.64,0\.00\r\n/);
    for (const c of [...cells(b2cs), ...cells(hsn)]) expect(c).not.toMatch(/^'/);
  });

  it('writes Money at a glance’s negative GST and credit note amounts as numbers', async () => {
    const csv = await moneyCsv(database.db, await moneyGlance(database.db, '2041-06-01', '2041-06-30'));
    expect(csv).toContain('18%,-13473.72,-1212.64,-1212.64,0.00');
    expect(cells(csv).filter((c) => c.startsWith('-')).length).toBeGreaterThan(0);
    expect(csv).not.toContain(`'-`);
  });
});
