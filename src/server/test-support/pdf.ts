/**
 * Test support for the paperwork: reading a PDF's text the way a person would (poppler's pdftotext),
 * and its barcode the way a courier's scanner would (the page drawn by pdftoppm, read by zbarimg).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Config } from '../config.ts';
import type { PaperOrder } from '../invoices/queries.ts';

const run = promisify(execFile);

/** A PDF stream (invoicePdf, labelsPdf, creditNotePdf) read whole. */
export async function readPdf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The PDF's text, laid out as on the page (`pdftotext -layout`); pages are separated by a form feed. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each page. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  return (await pdfText(pdf)).split('\f').filter((page) => page.trim() !== '');
}

/** The text with runs of spaces squeezed to one, so a phrase is found whatever the columns did. */
export function squeezed(text: string): string {
  return text.replace(/[ \t]+/g, ' ');
}

/** The Code 128 barcode on the PDF's first page, printed at `dpi` and scanned; null when none is read. */
export async function scanCode128(pdf: Buffer, dpi: number): Promise<string | null> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-scan-'));
  try {
    const file = join(dir, 'label.pdf');
    writeFileSync(file, pdf);
    await run('pdftoppm', [
      '-r',
      String(dpi),
      '-gray',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      join(dir, 'page'),
    ]);
    const scanned = await run('zbarimg', ['-q', '--raw', '-Sdisable', '-Scode128.enable', join(dir, 'page.png')]).catch(
      () => ({ stdout: '' }),
    );
    return scanned.stdout.trim() || null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The shop that test papers are printed for. */
export const TEST_SHOP: Config['shop'] = {
  name: 'Time Square Watches',
  legalName: 'Time Square Watches Private Limited',
  phone: '9876543210',
  whatsapp: '919876543210',
  email: 'support@timesquarewatches.in',
  address: 'Shop 12, Crawford Market, Mumbai - 400001, Maharashtra',
};

/** A dispatched order of ₹10,699 with the ₹300 advance received (the courier collects ₹10,399), as papers read it. */
export function testPaperOrder(changes: Partial<PaperOrder> = {}): PaperOrder {
  return {
    number: 'TSW-10427',
    createdAt: '2026-05-10T08:00:00Z',
    status: 'dispatched',
    buyerName: 'Asha Rao',
    buyerGstin: null,
    businessName: null,
    phone: '9000000001',
    address: '12, Lotus Residency, near City Mall, Bengaluru - 560001, Karnataka',
    total: 10_699,
    inFullDiscount: 0,
    advanceState: 'received',
    advanceAmount: 300,
    advanceReceived: 300,
    balance: 10_399,
    paid: { advance: 300, onDelivery: 0 },
    settlement: null,
    invoice: {
      number: 'TSW/26-27/000123',
      date: '2026-05-12T10:00:00Z',
      gstin: '27AAPFU0939F1ZV',
      rateBp: 1800,
      supplyState: 'Karnataka',
      supplyCode: '29',
    },
    creditNote: null,
    lines: [{ name: 'Seiko Presage Cocktail Time', hsn: '9102', uqc: 'NOS', quantity: 1, unitPrice: 10_699 }],
    ...changes,
  };
}
