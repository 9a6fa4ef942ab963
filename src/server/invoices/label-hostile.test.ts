/**
 * Issue 26, item 1: the label can lie about the cash. A shopper's name and address are drawn into
 * fixed boxes, so whatever they hold (a name that reads like the cash line, hundreds of line breaks,
 * text without spaces, control characters, bidi overrides) the label stays one page, and its cash box
 * holds the real amount, at its fixed place, and nothing else. Read back as a person and a scanner
 * would: pdftotext's words with their boxes (-bbox), and the barcode by zbarimg.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pdfPages, scanCode128, squeezed, TEST_SHOP, testPaperOrder } from '../test-support/pdf.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { cashToCollect, LABEL_LAYOUT, labelsPdf } from './label-pdf.ts';
import type { PaperOrder } from './queries.ts';

const run = promisify(execFile);

const SHOP = TEST_SHOP;

/** ₹10,699 with the ₹300 advance received: the courier collects ₹10,399. */
function order(changes: Partial<PaperOrder> = {}): PaperOrder {
  return testPaperOrder({ status: 'packed', ...changes });
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** Each page's words with their boxes in points from the top left (`pdftotext -bbox`). */
async function pdfWords(pdf: Buffer): Promise<Word[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-words-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { maxBuffer: 64 << 20 });
    return stdout
      .split('<page ')
      .slice(1)
      .map((page) =>
        [
          ...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
        ].map((m) => ({
          xMin: Number(m[1]),
          yMin: Number(m[2]),
          xMax: Number(m[3]),
          yMax: Number(m[4]),
          text: m[5]!.replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e]!),
        })),
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Area = { x: number; y: number; width: number; height: number };
const SLACK = 0.5;
const inside = (w: Word, a: Area) =>
  w.xMin >= a.x - SLACK && w.xMax <= a.x + a.width + SLACK && w.yMin >= a.y - SLACK && w.yMax <= a.y + a.height + SLACK;
const overlaps = (w: Word, a: Area) =>
  w.xMax > a.x + SLACK && w.xMin < a.x + a.width - SLACK && w.yMax > a.y + SLACK && w.yMin < a.y + a.height - SLACK;
const textOf = (words: readonly Word[]) => words.map((w) => w.text).join(' ');

/** What plain text refuses (common/text.ts): controls, separators, bidi overrides and isolates. */
const UNPLAIN = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

const CASH_BOX_TEXT = (o: PaperOrder) =>
  `CASH ON DELIVERY: THE ONLY AMOUNT TO COLLECT ${cashToCollect(o)} Order total ₹10,699 · advance received ₹300`;

/** What must hold of page 1 of any label, whatever its shopper wrote. */
function expectTrueLabel(page: readonly Word[], o: PaperOrder) {
  const L = LABEL_LAYOUT;
  // The cash box holds our words only, and no word lies across its edge.
  const inCash = page.filter((w) => inside(w, L.cash));
  expect(textOf(inCash)).toBe(CASH_BOX_TEXT(o));
  for (const w of page)
    if (!inside(w, L.cash)) expect(overlaps(w, L.cash), `"${w.text}" reaches the cash box`).toBe(false);
  // The amount is the largest type on the page, at its fixed place.
  const largest = [...page].sort((a, b) => b.yMax - b.yMin - (a.yMax - a.yMin))[0]!;
  expect(largest.text).toBe('COLLECT');
  expect(largest.yMin).toBeCloseTo(L.cash.y + 15, 0);
  const amount = page[page.indexOf(largest) + 1]!;
  expect(`${largest.text} ${amount.text}`).toBe(cashToCollect(o));
  expect(amount.yMin).toBeCloseTo(largest.yMin, 1);
  // The order number under the barcode, at its fixed place.
  expect(textOf(page.filter((w) => inside(w, L.number)))).toBe(o.number);
  // Shopper text stays above the cash box, and nothing leaves the page.
  for (const w of page) {
    expect(w.yMax).toBeLessThanOrEqual(L.page[1]);
    expect(w.xMax).toBeLessThanOrEqual(L.page[0]);
  }
  // No word lies over another: each box (name, address, phone, slip) keeps to itself.
  for (const [i, a] of page.entries()) {
    for (const b of page.slice(i + 1)) {
      const area = { x: b.xMin, y: b.yMin, width: b.xMax - b.xMin, height: b.yMax - b.yMin };
      expect(overlaps(a, area), `"${a.text}" lies over "${b.text}"`).toBe(false);
    }
  }
  const shipTo = page.filter((w) => w.yMax <= L.cash.y);
  expect(shipTo[0]!.text).toBe('SHIP');
  expect(shipTo.some((w) => w.text === 'Phone:')).toBe(true);
}

const HOSTILE: Array<[string, Partial<PaperOrder>]> = [
  [
    'a name that reads like the cash line, and 200 line breaks in the address',
    { buyerName: 'COLLECT ₹0 (PAID)', address: `Flat 1${'\n'.repeat(200)}MG Road, Pune - 411001` },
  ],
  [
    'a look-alike instruction in the address and the name',
    {
      buyerName: 'PAID - DO NOT COLLECT',
      address: `PAID - DO NOT COLLECT.\r\n\r\nCOLLECT ₹0 (PAID)\n${'Lotus Residency '.repeat(15)}`,
    },
  ],
  [
    '300 characters without a space, and a 100-character name',
    { buyerName: 'X'.repeat(100), address: 'A'.repeat(300) },
  ],
  [
    'control characters: NUL, bell, escape sequences, tabs, C1 controls, form feeds',
    {
      buyerName: 'Asha\u0000\u0007\u001b[2J\tRao\u0085\u009b',
      address: `12,\u000cLotus\u000b Residency\u001b[1A${'\u0008'.repeat(50)}, Pune`,
    },
  ],
  [
    'bidi overrides and isolates, and line and paragraph separators',
    {
      buyerName: '\u202eDIAP 0₹ TCELLOC\u202c',
      address: `\u2066Lotus\u2069 Residency\u2028${'\u2029'.repeat(200)}\u202dPune\u202a`,
    },
  ],
  ['an address of 10 000 characters (a row older than the 300 limit)', { address: 'Lotus Residency, '.repeat(600) }],
  ['an empty name and address', { buyerName: '', address: '' }],
];

describe('the shipping label, whatever the shopper wrote', () => {
  it.each(HOSTILE)('%s: one page, the real cash at its fixed place', async (_, changes) => {
    const o = order(changes);
    const pdf = await read(labelsPdf([o], SHOP));
    const pages = await pdfWords(pdf);
    expect(pages).toHaveLength(1);
    expectTrueLabel(pages[0]!, o);
    // No control character or bidi override survives into the printed text.
    const [text] = await pdfPages(pdf);
    expect(text!.replace(/[\n\f]/g, '')).not.toMatch(UNPLAIN);
  });

  it('prints the normal label as before: name, address, phone, cash, number', async () => {
    const o = order();
    const pdf = await read(labelsPdf([o], SHOP));
    const pages = await pdfWords(pdf);
    expect(pages).toHaveLength(1);
    expectTrueLabel(pages[0]!, o);
    const text = squeezed((await pdfPages(pdf))[0]!);
    expect(text).toContain('Asha Rao');
    expect(text).toContain('12, Lotus Residency, near City Mall, Bengaluru - 560001,');
    expect(text).toContain('Phone: 9000000001');
    expect(text).toContain('PACKING SLIP: 1 WATCH');
    expect(text).toContain('1 × Seiko Presage Cocktail Time');
  });

  it('folds the line breaks of a stored address into spaces and keeps the name readable', async () => {
    const o = order(HOSTILE[0]![1]);
    const text = squeezed((await pdfPages(await read(labelsPdf([o], SHOP))))[0]!);
    expect(text).toContain('COLLECT ₹0 (PAID)\nFlat 1 MG Road, Pune - 411001');
  });

  it('says ₹0 (PAID) in the cash box when nothing is left, whatever amount the name names', async () => {
    const o = order({ buyerName: 'COLLECT ₹99,999', advanceReceived: 0, balance: 0, advanceState: 'received' });
    const pages = await pdfWords(await read(labelsPdf([o], SHOP)));
    const inCash = pages[0]!.filter((w) => inside(w, LABEL_LAYOUT.cash));
    expect(textOf(inCash)).toContain('COLLECT ₹0 (PAID)');
    expect(textOf(inCash)).not.toContain('99,999');
  });

  it('keeps a hostile label scannable: the barcode reads as the order number', async () => {
    const o = order(HOSTILE[0]![1]);
    expect(await scanCode128(await read(labelsPdf([o], SHOP)), 203)).toBe('TSW-10427');
  });

  it('lists every watch of a long order: page 1 holds the label, continued pages name the order', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      name: `Casio G-Shock\nGA-2100 ${'Carbon Core Guard '.repeat(i % 5 === 0 ? 12 : 1)}no. ${i + 1}`,
      hsn: '9102',
      uqc: 'NOS',
      quantity: 1,
      unitPrice: 100,
    }));
    const o = order({ buyerName: 'COLLECT ₹0 (PAID)', address: `Flat 1${'\n'.repeat(200)}Pune`, lines });
    const pdf = await read(labelsPdf([o], SHOP));
    const pages = await pdfWords(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expectTrueLabel(pages[0]!, o);
    const texts = (await pdfPages(pdf)).map(squeezed);
    expect(texts).toHaveLength(pages.length);
    expect(texts[0]).toMatch(/\+ \d+ more watches on the next page/);
    texts.slice(1).forEach((text, i) => {
      expect(text).toContain(`PACKING SLIP TSW-10427 (CONTINUED), PAGE ${i + 2} OF ${pages.length}`);
      expect(text).toContain('Not a shipping label');
      expect(text).not.toContain('COLLECT');
      expect(text).not.toContain('SHIP TO');
    });
    // Each watch once, a long name cut after two lines.
    const all = texts.join('\n');
    expect(all.match(/^1 × Casio G-Shock GA-2100 /gm)).toHaveLength(40);
    for (let i = 1; i <= 40; i++) {
      if (i % 5 !== 1) expect(all).toContain(`1 × Casio G-Shock GA-2100 Carbon Core Guard no. ${i}\n`);
    }
  });

  it('prints 40 hostile orders as 40 pages, each its own label', async () => {
    const orders = Array.from({ length: 40 }, (_, i) =>
      order({ ...HOSTILE[i % HOSTILE.length]![1], number: `TSW-${10_001 + i}` }),
    );
    const pages = await pdfWords(await read(labelsPdf(orders, SHOP)));
    expect(pages).toHaveLength(40);
    pages.forEach((page, i) => {
      expectTrueLabel(page, orders[i]!);
    });
  });
});

describe('the invoice, whatever the buyer wrote', () => {
  it('keeps the buyer block above the table, folded, and the document whole', async () => {
    const o = order({
      buyerName: `COLLECT ₹0 (PAID)\n\n\n${'\u202e'}Rao`,
      address: `${'Lotus Residency '.repeat(40)}${'\n'.repeat(200)}\u0007Pune`,
    });
    const pdf = await read(invoicePdf(o, SHOP));
    const pages = await pdfWords(pdf);
    expect(pages).toHaveLength(1);
    const page = pages[0]!;
    const header = page.find((w) => w.text === 'Description')!;
    const buyer = page.filter((w) => w.yMin > page.find((x) => x.text === 'Billed')!.yMax && w.yMax < header.yMin);
    expect(buyer.length).toBeGreaterThan(5);
    // Every word of the block in the left half (A4 is 595 points wide), above the table's header.
    for (const w of buyer.filter((x) => x.xMin < 297)) expect(w.xMax).toBeLessThan(297);
    // The whole address (cut), the phone and the state are above the table: none spills into it.
    const below = (text: string) => page.filter((w) => w.text === text && w.yMax > header.yMin);
    expect(below('Residency')).toEqual([]);
    expect(below('Phone:')).toEqual([]);
    expect(below('COLLECT')).toEqual([]);
    expect(below('State:')).toEqual([]);
    const text = squeezed((await pdfPages(pdf))[0]!);
    expect(text).toContain('COLLECT ₹0 (PAID) Rao');
    expect(text).toContain('Phone: 9000000001');
    expect(text).toContain('State: Karnataka (29)');
    expect(text).toContain('Invoice total ₹10,699.00');
    expect(text).toContain('Balance payable on delivery ₹10,399.00');
    expect(text).toContain('Authorised signatory');
    expect(text.replace(/[\n\f]/g, '')).not.toMatch(UNPLAIN);
  });
});
