/**
 * The PDFs on their own: a long order is drawn in turns of the event loop (other requests are served
 * meanwhile) and still reads whole; the label's barcode encodes the order number in Code 128.
 */
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pdfPages, scanCode128, squeezed, TEST_SHOP, testPaperOrder } from '../test-support/pdf.ts';
import { code128Widths } from './barcode.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { labelsPdf } from './label-pdf.ts';
import type { PaperOrder } from './queries.ts';

const SHOP = TEST_SHOP;

function longOrder(lines: number): PaperOrder {
  const order = testPaperOrder({
    total: 0,
    balance: 0,
    lines: Array.from({ length: lines }, (_, i) => ({
      name: `Seiko Presage Cocktail Time no. ${i + 1}`,
      hsn: '9102',
      uqc: 'NOS',
      quantity: (i % 3) + 1,
      unitPrice: 12_345 + i,
    })),
  });
  order.total = order.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  order.balance = order.total - 300;
  return order;
}

/** Reads the stream whole while counting the turns of the event loop that ran meanwhile. */
async function readCountingTurns(stream: Readable): Promise<{ pdf: Buffer; turns: number }> {
  let turns = 0;
  let reading = true;
  const turn = () => {
    if (!reading) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  reading = false;
  return { pdf: Buffer.concat(chunks), turns };
}

describe('long documents', () => {
  it('draws a 100-line invoice in turns of the event loop, and every line is in it', async () => {
    const order = longOrder(100);
    const { pdf, turns } = await readCountingTurns(invoicePdf(order, SHOP));
    // A turn about every 10 rows: other requests wait for 10 rows at most, never for the whole order.
    expect(turns).toBeGreaterThanOrEqual(9);
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const text = squeezed(pages.join('\n'));
    for (let i = 1; i <= 100; i++) expect(text).toContain(`${i} Seiko Presage Cocktail Time no. ${i} 9102`);
    expect(pages[1]).toContain('Tax Invoice TSW/26-27/000123 (continued)');
    expect(text).toContain('Authorised signatory');
  });

  it('prints 40 labels in turns too, an order whose watches fill more than a page going on over a continued page', async () => {
    const orders = Array.from({ length: 40 }, (_, i) => ({
      ...longOrder(i === 0 ? 60 : 2),
      number: `TSW-${10_001 + i}`,
    }));
    const { pdf, turns } = await readCountingTurns(labelsPdf(orders, SHOP));
    expect(turns).toBeGreaterThanOrEqual(39);
    const pages = await pdfPages(pdf);
    expect(pages[1]).toContain('PACKING SLIP TSW-10001 (CONTINUED)');
    const firsts = pages.filter((p) => p.includes('SHIP TO'));
    expect(firsts).toHaveLength(40);
    firsts.forEach((page, i) => {
      expect(page).toContain(`TSW-${10_001 + i}`);
    });
    const all = squeezed(pages.join('\n'));
    for (let i = 1; i <= 60; i++) expect(all).toContain(`× Seiko Presage Cocktail Time no. ${i}\n`);
  });
});

describe('the Code 128 barcode', () => {
  it('is read back as the order number by a barcode scanner (zbarimg) from the printed label', async () => {
    const order = { ...longOrder(2), number: 'TSW-10427' };
    const { pdf } = await readCountingTurns(labelsPdf([order], SHOP));
    // 203 dpi, a courier label printer's resolution.
    expect(await scanCode128(pdf, 203)).toBe('TSW-10427');
  });

  it('begins in code set B and ends with the stop pattern', () => {
    const widths = code128Widths('TSW-99999');
    expect(widths.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(widths.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
  });
});
