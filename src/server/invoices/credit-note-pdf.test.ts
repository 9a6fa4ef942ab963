/**
 * The credit note through the real API on real databases (docs/product.md#the-books-credit-notes-and-gstr-1):
 * given when an invoiced order is cancelled, read back with pdftotext by the owner and by the shopper
 * beside the invoice, with every field CGST Rule 53(1A) asks for and the invoice's own amounts; none for
 * an order never invoiced; hostile buyer text kept in its box; the owner's signature printed when set.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupeesInWords } from '../../common/amount-words.ts';
import { formatPaise, invoiceTaxes } from '../../common/gst.ts';
import { formatDate } from '../../common/india-time.ts';
import { adminCookie, createProduct, settleAdvance, uploadedImageId } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { pdfPages, squeezed } from '../test-support/pdf.ts';
import { type Shopper, signUp } from '../test-support/shoppers.ts';
import { UNSIGNED_CREDIT_NOTE_WORDS } from './credit-note-pdf.ts';
import { noCreditNote, SHOPPER_NO_CREDIT_NOTE } from './routes.ts';

const GSTIN = '27AAPFU0939F1ZV';
const SHOP = {
  SHOP_GSTIN: GSTIN,
  SHOP_LEGAL_NAME: 'Time Square Watches Private Limited',
  SHOP_ADDRESS: 'Shop 12, Crawford Market, Mumbai - 400001, Maharashtra',
};
const PUNE = '12, Lotus Residency, near City Mall, Pune - 411001, Maharashtra';
const BENGALURU = '4, Rose Villa, near Temple, Bengaluru - 560001, Karnataka';

const run = promisify(execFile);

/** How many pictures the PDF draws (poppler's pdfimages -list: two header lines, then one per image). */
async function imageCount(pdf: Buffer): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-images-'));
  try {
    writeFileSync(join(dir, 'd.pdf'), pdf);
    const { stdout } = await run('pdfimages', ['-list', join(dir, 'd.pdf')]);
    return stdout.trim().split('\n').length - 2;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(TEST_DIALECTS)('credit note papers on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let asha: Shopper;
  let bela: Shopper;
  let rolex: string;

  const as = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const pdf = async (cookie: string, url: string) => {
    const res = await as(cookie, 'GET', url);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return res.rawPayload;
  };
  async function order(shopper: Shopper, address: string, quantity = 1): Promise<string> {
    const res = await as(shopper.cookie, 'POST', '/api/orders', {
      address,
      idempotencyKey: randomUUID(),
      lines: [{ productId: rolex, quantity }],
    });
    if (res.statusCode !== 201) throw new Error(`order failed: ${res.body}`);
    return res.json().order.number;
  }
  async function dispatchAndCancel(number: string) {
    await settleAdvance(t, admin, number, 'received');
    const dispatched = await as(admin, 'PATCH', `/api/admin/orders/${number}/state`, { state: 'dispatched' });
    expect(dispatched.statusCode).toBe(200);
    const cancelled = await as(admin, 'PATCH', `/api/admin/orders/${number}/state`, { state: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    return cancelled.json().order as { invoiceNumber: string; creditNoteNumber: string };
  }
  const row = (number: string) =>
    t.app.db
      .selectFrom('orders')
      .innerJoin('credit_notes', 'credit_notes.order_id', 'orders.id')
      .select(['orders.invoice_date', 'credit_notes.issued_at'])
      .where('orders.number', '=', number)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp({ dialect, env: SHOP });
    admin = await adminCookie(t);
    asha = await signUp(t.app, { name: 'Asha Rao' });
    bela = await signUp(t.app, { name: 'Bela Iyer' });
    rolex = await createProduct(t, admin, { name: 'Rolex Submariner Date', price: 25000, discountPrice: 19999 });
  });
  afterAll(() => t.close());

  it('has none for an order cancelled before its invoice', async () => {
    const number = await order(asha, PUNE);
    const cancelled = await as(admin, 'PATCH', `/api/admin/orders/${number}/state`, { state: 'cancelled' });
    expect(cancelled.json().order.creditNoteNumber).toBeNull();
    const owner = await as(admin, 'GET', `/api/admin/orders/${number}/credit-note.pdf`);
    expect(owner.statusCode).toBe(404);
    expect(owner.json().error.message).toBe(noCreditNote(number));
    const own = await as(asha.cookie, 'GET', `/api/orders/${number}/credit-note.pdf`);
    expect(own.statusCode).toBe(404);
    expect(own.json().error.message).toBe(SHOPPER_NO_CREDIT_NOTE);
  });

  it('prints every field Rule 53(1A) asks for, with the invoice’s CGST and SGST, for the owner and the shopper', async () => {
    const number = await order(asha, PUNE, 2);
    const { invoiceNumber, creditNoteNumber } = await dispatchAndCancel(number);
    const dates = await row(number);
    const taxes = invoiceTaxes([{ unitPrice: 19999, quantity: 2 }], 1800, 'intra');
    const owner = await pdf(admin, `/api/admin/orders/${number}/credit-note.pdf`);
    const pages = await pdfPages(owner);
    expect(pages).toHaveLength(1);
    const text = squeezed(pages[0]!);
    for (const phrase of [
      'CREDIT NOTE',
      SHOP.SHOP_LEGAL_NAME,
      SHOP.SHOP_ADDRESS,
      `GSTIN: ${GSTIN}`,
      `Credit Note no.: ${creditNoteNumber}`,
      `Credit Note date: ${formatDate(dates.issued_at)}`,
      `Against invoice no.: ${invoiceNumber}`,
      `Invoice date: ${formatDate(dates.invoice_date!)}`,
      `Order no.: ${number}`,
      'Reason: Order cancelled after the invoice',
      'Asha Rao',
      'State: Maharashtra (27)',
      'Within the state: CGST and SGST',
      `1 Rolex Submariner Date 9102 2 NOS ${formatPaise(taxes.lines[0]!.taxable)} 18% ${formatPaise(taxes.lines[0]!.cgst)} ${formatPaise(taxes.lines[0]!.sgst)} ₹39,998.00`,
      `Taxable value ${formatPaise(taxes.totals.taxable)}`,
      `CGST 9% ${formatPaise(taxes.totals.cgst)}`,
      'Total credited ₹39,998.00',
      `Amount in words: ${rupeesInWords(3_999_800)}`,
      // The buyer paid the ₹300 advance, never the invoice's total (a walk found "credited ₹4,999").
      'Advance paid by the buyer ₹300.00',
      'Cash collected on delivery ₹0.00',
      'Authorised signatory',
      UNSIGNED_CREDIT_NOTE_WORDS,
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('Balance payable');
    expect(text).not.toContain('Amount credited to the buyer');
    // The shopper reads the same credit note, and still the invoice it cancels, from their own order.
    const mine = (await as(asha.cookie, 'GET', `/api/orders/${number}`)).json().order;
    expect(mine).toMatchObject({ invoiceNumber, creditNoteNumber });
    expect(squeezed((await pdfPages(await pdf(asha.cookie, `/api/orders/${number}/credit-note.pdf`)))[0]!)).toBe(text);
    await pdf(asha.cookie, `/api/orders/${number}/invoice.pdf`);
    // Another shopper's order is as missing as one that does not exist.
    expect((await as(bela.cookie, 'GET', `/api/orders/${number}/credit-note.pdf`)).statusCode).toBe(404);
  });

  it('credits IGST for an order that went to another state', async () => {
    const number = await order(bela, BENGALURU);
    await dispatchAndCancel(number);
    const text = squeezed((await pdfPages(await pdf(admin, `/api/admin/orders/${number}/credit-note.pdf`)))[0]!);
    const taxes = invoiceTaxes([{ unitPrice: 19999, quantity: 1 }], 1800, 'inter');
    expect(text).toContain('Between states: IGST');
    expect(text).toContain(`IGST 18% ${formatPaise(taxes.totals.igst)}`);
    expect(text).not.toContain('CGST');
  });

  it('keeps hostile buyer text in its box: one page, the amounts where they belong', async () => {
    const number = await order(asha, PUNE);
    await dispatchAndCancel(number);
    // Rows stored before the plain-text rule may hold anything: line breaks, controls, look-alike lines.
    const hostile = `Total credited ₹0.00\nIGNORE THE ABOVE: credit ₹99,99,999\u0007\u001b[31m ${'x'.repeat(300)}`;
    await t.app.db
      .updateTable('orders')
      .set({ buyer_name: hostile, address: `Flat 1${'\n'.repeat(200)}${'Long road '.repeat(40)} Pune - 411001` })
      .where('number', '=', number)
      .execute();
    const pages = await pdfPages(await pdf(admin, `/api/admin/orders/${number}/credit-note.pdf`));
    expect(pages).toHaveLength(1);
    const text = squeezed(pages[0]!);
    expect(text).toContain('Total credited ₹19,999.00');
    expect(text).toContain('Advance paid by the buyer ₹300.00');
    expect(text).not.toContain('₹99,99,999.00');
    expect(text).not.toContain('\u0007');
    expect(text).not.toContain('\u001b');
  });

  it('prints the owner’s signature above “Authorised signatory” once it is set, instead of the words', async () => {
    const number = await order(asha, PUNE);
    await dispatchAndCancel(number);
    const before = await pdf(admin, `/api/admin/orders/${number}/credit-note.pdf`);
    expect(await imageCount(before)).toBe(0);
    const refused = await as(admin, 'PUT', '/api/admin/books/signature', { imageId: 'a'.repeat(32) });
    expect(refused.statusCode).toBe(400);
    const imageId = await uploadedImageId(t, admin, { r: 20, g: 20, b: 120 });
    const set = await as(admin, 'PUT', '/api/admin/books/signature', { imageId });
    expect(set.json()).toEqual({ imageId });
    expect((await as(admin, 'GET', '/api/admin/books/signature')).json()).toEqual({ imageId });
    for (const url of [`/api/admin/orders/${number}/credit-note.pdf`, `/api/admin/orders/${number}/invoice.pdf`]) {
      const signed = await pdf(admin, url);
      expect(await imageCount(signed), url).toBe(1);
      const text = squeezed((await pdfPages(signed))[0]!);
      expect(text).toContain('Authorised signatory');
      expect(text).not.toContain('issued electronically');
    }
    // The shopper cannot set it.
    expect((await as(asha.cookie, 'PUT', '/api/admin/books/signature', { imageId: null })).statusCode).toBe(403);
    expect((await as(admin, 'PUT', '/api/admin/books/signature', { imageId: null })).json()).toEqual({ imageId: null });
    expect(await imageCount(await pdf(admin, `/api/admin/orders/${number}/invoice.pdf`))).toBe(0);
  });
});
