/**
 * The AWB's barcode on our own label (label-pdf.ts), once the parcel has one: the order number's
 * barcode and the AWB's side by side at their fixed places, both read by a scanner, and a label
 * without an AWB exactly as before.
 */
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pdfPages, scanCode128, squeezed, TEST_SHOP, testPaperOrder } from '../test-support/pdf.ts';
import { labelsPdf } from './label-pdf.ts';

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the AWB on the label', () => {
  it('adds the AWB’s barcode beside the order number’s; a scanner reads both', async () => {
    const pdf = await read(labelsPdf([testPaperOrder({ status: 'packed', awb: '321055706540' })], TEST_SHOP));
    const scanned = (await scanCode128(pdf, 203))?.split('\n').sort();
    expect(scanned).toEqual(['321055706540', 'TSW-10427']);
    const [page1] = await pdfPages(pdf);
    expect(squeezed(page1!)).toContain('AWB 321055706540');
    expect(squeezed(page1!)).toContain('COLLECT');
  });

  it('a hostile AWB (typed by the owner, stored before the rule) is drawn as one plain line', async () => {
    const pdf = await read(labelsPdf([testPaperOrder({ status: 'packed', awb: 'AB\u202e12\n34' })], TEST_SHOP));
    const [page1] = await pdfPages(pdf);
    expect(squeezed(page1!)).toContain('AWB AB12 34');
  });

  it('without an AWB: the order number’s barcode alone, full width, as before', async () => {
    const pdf = await read(labelsPdf([testPaperOrder({ status: 'packed' })], TEST_SHOP));
    expect(await scanCode128(pdf, 203)).toBe('TSW-10427');
    expect(squeezed((await pdfPages(pdf))[0]!)).not.toContain('AWB');
  });
});
