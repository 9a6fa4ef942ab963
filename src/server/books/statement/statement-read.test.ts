/**
 * Reading bank statements (no database): the UTR in the banks' narrations, dates and amounts as
 * Indian banks write them, layouts by header name, the header found under the account's details,
 * an unknown layout's mapping step, and hostile narrations made plain.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_LAYOUTS, builtInLayout, headerKey } from './layouts.ts';
import { NARRATION_MAX, openStatement, type StatementLine } from './read-statement.ts';
import { utrOf } from './utr.ts';
import { amountPaise, statementDate } from './values.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

async function readAll(csv: string, remembered = new Map()) {
  const opened = await openStatement(Readable.from([csv]), remembered);
  if (opened.kind !== 'layout') throw new Error(`unknown layout: ${opened.header.join(',')}`);
  const lines: StatementLine[] = [];
  for await (const line of opened.lines) lines.push(line);
  return { layout: opened.layout.name, lines, skipped: opened.skipped };
}

describe('the UTR of a statement line', () => {
  it.each([
    ['UPI/632422221111/TSW-10004/suresh.k@okaxis/Axis Bank Ltd/AXI8f3c', '-', '632422221111'],
    ['UPI-RAHUL SHARMA-rahul.sharma@okicici-ICIC0001234-632411112222-TSW-10001', '0000632411112222', '632411112222'],
    [
      'BY TRANSFER-UPI/CR/632433331111/KAVYA REDD/ICIC/kavya.r@okicici/TSW10007--',
      'TRANSFER FROM 31999',
      '632433331111',
    ],
    ['UPI/P2A/632444441111/SANJAY PATIL/State Bank Of I/TSW-10010', '', '632444441111'],
    ['UPI/MEERA IYER/632455551111/advance', '', '632455551111'],
    ['MMT/IMPS/632422222222/No Remarks/MEERA IYER/Kotak Mahin', '-', '632422222222'],
    ['IMPS-632411115555-VIKRAM SINGH-HDFC-XXXXXXXX4321-ADVANCE', '', '632411115555'],
    // A VPA of 12 digits is one token with its handle: never taken for the UTR.
    ['UPI-PRIYA-919876543210@ybl-YESB0YBLUPI-632411113333-NOTE', '', '632411113333'],
    // HDFC's reference holds the UTR when the narration is cut short.
    ['UPI-A VERY LONG NAME THAT THE BANK CUT SHORT-aname@okaxis-UTIB00', '0000632466667777', '632466667777'],
  ])('reads %s', (narration, reference, utr) => {
    expect(utrOf(narration, reference)).toBe(utr);
  });

  it.each([
    ['NEFT CR-SBIN0001234-KUMAR TRADERS-INVOICE 7781-SBINN52026112100123', 'SBINN52026112100123'],
    ['POS 512345XXXXXX1234 AMAZON PAY INDIA', '0000632499990000'],
    ['CASH DEPOSIT 632411112222', ''],
    ['UPI/63241111222/short', ''],
    ['UPI/6324111122223/long', ''],
  ])('reads none in %s (not UPI or IMPS, or not 12 digits)', (narration, reference) => {
    expect(utrOf(narration, reference)).toBeNull();
  });
});

describe('dates and amounts', () => {
  it.each([
    ['20/11/26', '2026-11-20'],
    ['20/11/2026', '2026-11-20'],
    ['20-11-2026', '2026-11-20'],
    ['20 Nov 2026', '2026-11-20'],
    ['1 Apr 2026', '2026-04-01'],
    ['20-Nov-26', '2026-11-20'],
    ['2026-11-20', '2026-11-20'],
    ['20/11/2026 14:02:11', '2026-11-20'],
  ])('reads the date %s', (cell, iso) => expect(statementDate(cell)).toBe(iso));

  it.each(['', 'Date', '31/02/2026', '13/13/2026', 'Opening Balance', '**This is a computer generated statement'])(
    'reads no date in %j',
    (cell) => expect(statementDate(cell)).toBeNull(),
  );

  it.each([
    ['300.00', 30000],
    ['300', 30000],
    ['1,20,300.50', 12030050],
    ['₹ 300.5', 30050],
    ['300.00 Cr', 30000],
    ['INR 300', 30000],
    ['', 0],
    ['-', 0],
  ])('reads the amount %j in paise', (cell, paise) => expect(amountPaise(cell)).toBe(paise));

  it.each(['abc', '300.001', '1e5', '-300'])('reads no amount in %j', (cell) => expect(amountPaise(cell)).toBeNull());
});

describe('layouts', () => {
  it('knows five banks by their header names, whatever the order and spacing', () => {
    expect(BUILT_IN_LAYOUTS.map((l) => l.name)).toEqual([
      'HDFC Bank',
      'ICICI Bank',
      'State Bank of India',
      'Axis Bank',
      'Kotak Mahindra Bank',
    ]);
    expect(builtInLayout(['Sl. No.', 'Date', 'Description', 'Ref No.', 'Debit', 'Credit', 'Balance'])?.name).toBe(
      'Kotak Mahindra Bank',
    );
    // Columns moved and spaced differently: the same layout.
    expect(
      builtInLayout([
        'Closing Balance',
        ' Deposit Amt. ',
        'Withdrawal Amt.',
        'Value Dt',
        'Chq./Ref.No.',
        'Narration',
        'Date',
      ])?.name,
    ).toBe('HDFC Bank');
    expect(builtInLayout(['When', 'What', 'In', 'Out'])).toBeNull();
    expect(headerKey(['Posting Date ', 'Details', '', 'Credit Amount (₹)'])).toBe('postingdate|details|creditamount');
  });

  it.each([
    ['hdfc.csv', 'HDFC Bank', 6, 5],
    ['icici.csv', 'ICICI Bank', 5, 4],
    ['sbi.csv', 'State Bank of India', 4, 3],
    ['axis.csv', 'Axis Bank', 4, 3],
  ])('reads %s as %s under the account’s details: %i transactions, %i credits', async (file, name, count, credits) => {
    const { layout, lines, skipped } = await readAll(fixture(file));
    expect(layout).toBe(name);
    expect(lines).toHaveLength(count);
    expect(lines.filter((l) => l.creditPaise > 0)).toHaveLength(credits);
    expect(skipped.count).toBe(0);
    for (const l of lines) expect(l.date).toMatch(/^2026-11-2\d$/);
    // Debits carry no UTR: only credits can prove an advance.
    for (const l of lines.filter((x) => x.creditPaise === 0)) expect(l.utr).toBeNull();
  });

  it('reads each bank’s credit, reference and UTR', async () => {
    const hdfc = (await readAll(fixture('hdfc.csv'))).lines;
    expect(hdfc[0]).toMatchObject({
      line: 8,
      date: '2026-11-20',
      creditPaise: 30000,
      debitPaise: 0,
      reference: '0000632411112222',
      utr: '632411112222',
    });
    expect(hdfc[2]).toMatchObject({ creditPaise: 1500000, utr: null });
    expect(hdfc[3]).toMatchObject({ creditPaise: 0, debitPaise: 125000 });
    const axis = (await readAll(fixture('axis.csv'))).lines;
    expect(axis.map((l) => [l.creditPaise, l.debitPaise])).toEqual([
      [30000, 0],
      [0, 41200],
      [30000, 0],
      [30000, 0],
    ]);
  });

  it('gives every line its own hash, the same at every reading, and tells equal lines apart', async () => {
    const csv = fixture('icici.csv');
    const first = (await readAll(csv)).lines.map((l) => l.hash);
    const again = (await readAll(csv)).lines.map((l) => l.hash);
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
    const header = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';
    const row = '20/11/26,CASH DEPOSIT,,20/11/26,,300.00,';
    const twice = (await readAll([header, row, row].join('\n'))).lines;
    expect(twice).toHaveLength(2);
    expect(twice[0]!.hash).not.toBe(twice[1]!.hash);
  });
});

describe('a layout we do not know', () => {
  const csv = [
    'Statement of account 1234',
    'Posting Date,Details,UTR Ref,Credit Amount,Debit Amount,Running Total',
    '20/11/2026,UPI/632477771111/TSW-1/payer@okaxis,632477771111,300.00,,1300.00',
    '21/11/2026,Charges,,,10.00,1290.00',
  ].join('\r\n');

  it('answers its header and first rows for the mapping step', async () => {
    const opened = await openStatement(Readable.from([csv]), new Map());
    expect(opened).toEqual({
      kind: 'unknown',
      header: ['Posting Date', 'Details', 'UTR Ref', 'Credit Amount', 'Debit Amount', 'Running Total'],
      key: 'postingdate|details|utrref|creditamount|debitamount|runningtotal',
      sample: [
        ['20/11/2026', 'UPI/632477771111/TSW-1/payer@okaxis', '632477771111', '300.00', '', '1300.00'],
        ['21/11/2026', 'Charges', '', '', '10.00', '1290.00'],
      ],
    });
  });

  it('reads it with the owner’s remembered mapping', async () => {
    const mapping = { date: 'postingdate', narration: 'details', credit: 'creditamount', reference: 'utrref' };
    const remembered = new Map([['postingdate|details|utrref|creditamount|debitamount|runningtotal', mapping]]);
    const { layout, lines } = await readAll(csv, remembered);
    expect(layout).toBe('Mapped by you');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ creditPaise: 30000, utr: '632477771111', reference: '632477771111' });
  });

  it('refuses a file with no header row', async () => {
    await expect(openStatement(Readable.from(['just some text\nand more\n']), new Map())).rejects.toThrow(
      'no header row we can read',
    );
  });
});

describe('hostile narrations', () => {
  it('keeps them as one plain line of at most 300 characters: no control or bidi characters', async () => {
    const evil = `UPI/632488881111/\u0007bell\u0000nul\u001b[31mred\u202Egnp.exe\u2066<img src=x onerror=alert(1)>${'A'.repeat(400)}`;
    const csv = [
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      `20/11/26,"${evil}\nsecond line",,20/11/26,,300.00,`,
    ].join('\n');
    const { lines } = await readAll(csv);
    expect(lines).toHaveLength(1);
    const narration = lines[0]!.narration;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none is left.
    expect(narration).not.toMatch(/[\u0000-\u001f\u007f\u202A-\u202E\u2066-\u2069]/);
    expect(narration.length).toBeLessThanOrEqual(NARRATION_MAX + 1);
    expect(narration.startsWith('UPI/632488881111/ bell nul [31mredgnp.exe<img src=x onerror=alert(1)>AAA')).toBe(true);
    expect(lines[0]!.utr).toBe('632488881111');
  });
});
