/**
 * The invoice as a PDF (docs/product.md#invoice; CGST Rule 46): the shop's legal name, address and
 * GSTIN; the invoice's number and date; the order number; the buyer's name, delivery address and state;
 * the place of supply (a business buyer's: the state of its GSTIN, with the delivery state beside the address
 * and under the place of supply when they differ: decision 056); each line's description, HSN, quantity, taxable value, rate and taxes; the totals
 * in figures and in words; the advance received and the balance; the owner's signature above
 * "Authorised signatory" (Rule 46(q)), or, when none is set, the words for an invoice issued
 * electronically (the proviso to Rule 46(q), Notification 74/2018-Central Tax; docs/product.md#the-books-credit-notes-and-gstr-1).
 * Each line's quantity carries its unit (UQC, Rule 46(f)). Without a GSTIN
 * (when the invoice was given) it is a Receipt without tax lines. Everything printed comes from the
 * order as it was frozen at dispatch, so a reprint is the same document. The buyer's name, address
 * and phone are drawn as plain lines in bounded boxes (the name at most two lines, the address
 * BUYER_ADDRESS_LINES, then cut with an ellipsis), so no text a shopper typed can push the table.
 */
import type { Readable } from 'node:stream';
import { rupeesInWords } from '../../common/amount-words.ts';
import { formatPaise, formatRate, invoiceTaxes, type TaxAmounts, taxKindFor } from '../../common/gst.ts';
import { gstStateByCode, stateWithCode } from '../../common/gst-states.ts';
import { formatDate } from '../../common/india-time.ts';
import { plainLine } from '../../common/text.ts';
import type { Config } from '../config.ts';
import { deliveredIn } from './issue.ts';
import {
  BOLD,
  type Box,
  bottomOf,
  breathe,
  type Cell,
  type Column,
  type Doc,
  drawInBox,
  drawRow,
  newDocument,
  REGULAR,
  rowHeight,
  streamed,
} from './pdf-document.ts';
import type { PaperOrder } from './queries.ts';

type Shop = Config['shop'];
const MARGIN = 36;
const SIZE = 8;
/** Rows drawn between two turns of the event loop. */
const ROWS_PER_TURN = 10;
/** The buyer's address is cut after this many lines (300 characters take about five at 9 pt). */
const BUYER_ADDRESS_LINES = 7;
/** A box `lines` lines of `size` points high (DejaVu's line is 1.164 em). */
const buyerBox = (x: number, y: number, width: number, lines: number, size: number): Box => ({
  x,
  y,
  width,
  height: Math.ceil(lines * size * 1.17),
});

export function invoiceTitle(order: PaperOrder): string {
  return order.invoice?.gstin ? 'Tax Invoice' : 'Receipt';
}

/** What changes between the invoice and its credit note (credit-note-pdf.ts); the rest is drawn alike. */
export interface PaperSpec {
  title: string;
  /** The document's own facts, top right. */
  facts: Array<[string, string]>;
  /** The label of the last totals row. */
  totalLabel: string;
  /** Rows under the amount in words (the advance and balance; what is credited). */
  closing: Array<[string, string]>;
  /** Lines under those rows, across the page (a credit note's refunds with their references). */
  closingNotes?: string[];
  /** PNG or JPEG of the owner's signature (signature.ts), or null. */
  signature: Buffer | null;
  /** Printed under "Authorised signatory" when there is no signature. */
  unsignedWords: string;
  /** Marks the table's continuation pages. */
  continued: string;
}

/** Rule 46(q), proviso (Notification 74/2018-Central Tax): an electronic invoice needs no signature. */
export const UNSIGNED_INVOICE_WORDS =
  'This invoice is issued electronically under the Information Technology Act, 2000: no signature is required (Central Goods and Services Tax Rules, 2017, rule 46(q), proviso).';

export function invoicePdf(order: PaperOrder, shop: Shop, options: { signature?: Buffer | null } = {}): Readable {
  const invoice = order.invoice;
  if (!invoice) throw new Error(`order ${order.number} has no invoice`);
  const title = invoiceTitle(order);
  const noun = title === 'Receipt' ? 'Receipt' : 'Invoice';
  const spec: PaperSpec = {
    title,
    facts: [
      [`${noun} no.`, invoice.number],
      [`${noun} date`, formatDate(invoice.date)],
      ['Order no.', order.number],
      ['Order date', formatDate(order.createdAt)],
    ],
    totalLabel: 'Invoice total',
    // Paid in full (common/pay-in-full.ts): the advance is the whole total, so the invoice says prepaid.
    closing: [
      [order.balance > 0 ? 'Advance received' : 'Prepaid by UPI', money(order.advanceReceived * 100)],
      ['Balance payable on delivery', money(order.balance * 100)],
    ],
    signature: options.signature ?? null,
    unsignedWords: UNSIGNED_INVOICE_WORDS,
    continued: `${title} ${invoice.number} (continued)`,
  };
  return paperPdf(order, shop, spec);
}

/** A document of the order's lines, drawn while it is sent. */
export function paperPdf(order: PaperOrder, shop: Shop, spec: PaperSpec): Readable {
  const doc = newDocument({
    size: 'A4',
    margin: MARGIN,
    title: `${spec.title} ${spec.facts[0]![1]}`,
    author: shop.legalName,
  });
  return streamed(doc, (d) => draw(d, order, shop, spec));
}

function money(paise: number): string {
  return formatPaise(paise);
}

async function draw(doc: Doc, order: PaperOrder, shop: Shop, spec: PaperSpec): Promise<void> {
  const invoice = order.invoice!;
  const kind = taxKindFor(invoice.gstin, invoice.supplyCode);
  const rateBp = invoice.rateBp ?? 0;
  const taxes = invoiceTaxes(order.lines, rateBp, kind, order.inFullDiscount);
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const title = spec.title;

  // The shop, left; the document's own facts, right.
  const factsWidth = 210;
  const shopWidth = width - factsWidth - 20;
  doc.font(BOLD).fontSize(14).text(shop.legalName, left, MARGIN, { width: shopWidth });
  doc.font(REGULAR).fontSize(9).text(shop.address, { width: shopWidth });
  doc.text(`Phone ${shop.phone} · ${shop.email}`, { width: shopWidth });
  if (invoice.gstin) {
    doc.font(BOLD).text(`GSTIN: ${invoice.gstin}`, { width: shopWidth });
    const home = gstStateByCode(invoice.gstin.slice(0, 2));
    if (home) doc.font(REGULAR).text(`State: ${stateWithCode(home)}`, { width: shopWidth });
  }
  const shopBottom = doc.y;

  const factsLeft = left + width - factsWidth;
  doc.font(BOLD).fontSize(16).text(title.toUpperCase(), factsLeft, MARGIN, { width: factsWidth, align: 'right' });
  doc.font(REGULAR).fontSize(9);
  for (const [label, value] of spec.facts) {
    doc.text(`${label}: ${value}`, factsLeft, doc.y, { width: factsWidth, align: 'right' });
  }
  let y = Math.max(shopBottom, doc.y) + 10;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1)
    .strokeColor('#000')
    .stroke();
  y += 8;

  // The buyer and where the watches go: shopper text, so each part is one plain line (rows stored before
  // the plain-text rule may hold line breaks) in a bounded box: the block never reaches the table.
  const supplyState = invoice.supplyCode ? gstStateByCode(invoice.supplyCode) : null;
  // Rule 46(e): the address of delivery with its state; for a business buyer that may differ from the
  // place of supply, its GSTIN's state (issue.ts placeOfSupply, docs/decisions/056-place-of-supply-business-buyer.md).
  const deliveryState = deliveredIn(order, invoice.supplyCode);
  const buyerWidth = width / 2 - 10;
  const line = (text: string, lines: number, size: number, font?: string) => {
    buyerY += drawInBox(doc, text, buyerBox(left, buyerY, buyerWidth, lines, size), {
      ...(font ? { font } : {}),
      sizes: size === 10 ? [10, 9] : [size],
    });
  };
  let buyerY = y;
  // A business buyer (B2B): billed to the registered name, its GSTIN and state (Rule 46(e)); shipped to
  // the person who ordered, at the delivery address.
  if (order.buyerGstin && order.businessName) {
    line('Billed to', 1, 9, BOLD);
    line(plainLine(order.businessName), 2, 10, BOLD);
    line(`GSTIN: ${order.buyerGstin}`, 1, 9, BOLD);
    const registered = gstStateByCode(order.buyerGstin.slice(0, 2));
    if (registered) line(`State: ${stateWithCode(registered)}`, 1, 9);
    buyerY += 4;
    line('Shipped to', 1, 9, BOLD);
    line(plainLine(order.buyerName) || 'Customer', 2, 10);
  } else {
    line('Billed and shipped to', 1, 9, BOLD);
    line(plainLine(order.buyerName) || 'Customer', 2, 10, BOLD);
  }
  buyerY += drawInBox(doc, plainLine(order.address), buyerBox(left, buyerY, buyerWidth, BUYER_ADDRESS_LINES, 9), {
    sizes: [9, 8, 7],
  });
  line(`Phone: ${plainLine(order.phone)}`, 1, 9);
  if (deliveryState) line(`State: ${stateWithCode(deliveryState)}`, 1, 9);
  const buyerBottom = buyerY;
  if (kind !== 'none') {
    doc
      .font(BOLD)
      .fontSize(9)
      .text('Place of supply', left + width / 2, y, { width: width / 2 });
    doc
      .font(REGULAR)
      .text(supplyState ? stateWithCode(supplyState) : (invoice.supplyState ?? ''), { width: width / 2 })
      .text(kind === 'intra' ? 'Within the state: CGST and SGST' : 'Between states: IGST', { width: width / 2 });
    // Rule 46(p): the address of delivery where it differs from the place of supply, and why it does.
    if (deliveryState && supplyState && deliveryState.code !== supplyState.code) {
      doc.text(`Delivered in ${stateWithCode(deliveryState)} on the buyer’s direction`, { width: width / 2 });
      doc.text('(IGST Act 2017, section 10(1)(b))', { width: width / 2 });
    }
    doc.text('Tax payable on reverse charge: No', { width: width / 2 });
  }
  y = Math.max(buyerBottom, doc.y) + 12;

  // The lines.
  const columns = lineColumns(kind, rateBp, width);
  const header: Cell[] = columns.map((c) => ({ text: c.title, bold: true }));
  y += drawRow(doc, columns, header, y, { size: SIZE, left, fill: '#eeeeee' });
  for (const [i, line] of order.lines.entries()) {
    const cells = lineCells(kind, rateBp, i + 1, line, taxes.lines[i]!);
    if (y + rowHeight(doc, columns, cells, SIZE) > bottomOf(doc)) {
      doc.addPage();
      y = MARGIN;
      doc.font(REGULAR).fontSize(8).text(spec.continued, left, y, { width });
      y = doc.y + 4;
      y += drawRow(doc, columns, header, y, { size: SIZE, left, fill: '#eeeeee' });
    }
    y += drawRow(doc, columns, cells, y, { size: SIZE, left });
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await breathe();
  }

  // Totals, words, the advance, the signature: kept together on one page.
  const totals = [...inFullRows(order), ...totalRows(kind, rateBp, taxes.totals, spec.totalLabel)];
  const advance = spec.closing;
  const notes = spec.closingNotes ?? [];
  const blockHeight = (totals.length + advance.length + 2 * notes.length) * 14 + 160;
  if (y + blockHeight > bottomOf(doc)) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  const labelX = left + width - 260;
  for (const [label, value, strong] of totals) {
    doc.font(strong ? BOLD : REGULAR).fontSize(strong ? 10 : 9);
    doc.text(label, labelX, y, { width: 150 });
    doc.text(value, labelX + 150, y, { width: 110, align: 'right' });
    y += 14;
  }
  y += 4;
  doc.font(BOLD).fontSize(9).text('Amount in words: ', left, y, { continued: true });
  doc.font(REGULAR).text(rupeesInWords(taxes.totals.total), { width });
  y = doc.y + 8;
  for (const [label, value] of advance) {
    doc.font(REGULAR).fontSize(9).text(label, labelX, y, { width: 150 });
    doc.text(value, labelX + 150, y, { width: 110, align: 'right' });
    y += 14;
  }
  for (const note of notes) {
    doc
      .font(REGULAR)
      .fontSize(9)
      .text(note, left, y + 2, { width });
    y = doc.y + 2;
  }

  y += 24;
  const signX = left + width - 200;
  doc.font(REGULAR).fontSize(9).text(`For ${shop.legalName}`, signX, y, { width: 200, align: 'right' });
  const signTop = doc.y + 2;
  y = signTop + 40;
  // The owner's signature in the box above the line, kept in proportion and to the right.
  if (spec.signature)
    doc.image(spec.signature, signX + 40, signTop, { fit: [160, 36], align: 'right', valign: 'bottom' });
  doc
    .moveTo(signX + 40, y)
    .lineTo(signX + 200, y)
    .lineWidth(0.5)
    .strokeColor('#000')
    .stroke();
  doc
    .font(REGULAR)
    .fontSize(9)
    .text('Authorised signatory', signX, y + 4, { width: 200, align: 'right' });
  if (!spec.signature) {
    doc.fontSize(7).text(spec.unsignedWords, left, doc.y + 6, { width, align: 'right' });
  }
}

function lineColumns(kind: ReturnType<typeof taxKindFor>, rateBp: number, width: number): Column[] {
  const fixed: Column[] =
    kind === 'none'
      ? [
          { title: 'Qty', width: 48, align: 'right' },
          { title: 'Unit price', width: 80, align: 'right' },
          { title: 'Amount', width: 86, align: 'right' },
        ]
      : [
          // HSN codes run to 8 digits.
          { title: 'HSN', width: 44 },
          { title: 'Qty', width: 40, align: 'right' },
          { title: 'Taxable value', width: 66, align: 'right' },
          { title: 'GST rate', width: 34, align: 'right' },
          ...(kind === 'intra'
            ? ([
                { title: `CGST ${formatRate(rateBp / 2)}`, width: 56, align: 'right' },
                { title: `SGST ${formatRate(rateBp / 2)}`, width: 56, align: 'right' },
              ] as Column[])
            : ([{ title: `IGST ${formatRate(rateBp)}`, width: 62, align: 'right' }] as Column[])),
          { title: 'Total', width: 66, align: 'right' },
        ];
  const number: Column = { title: '#', width: 22, align: 'right' };
  const used = number.width + fixed.reduce((sum, c) => sum + c.width, 0);
  return [number, { title: 'Description', width: width - used }, ...fixed];
}

function lineCells(
  kind: ReturnType<typeof taxKindFor>,
  rateBp: number,
  n: number,
  line: PaperOrder['lines'][number],
  tax: TaxAmounts,
): Cell[] {
  const start: Cell[] = [{ text: String(n) }, { text: plainLine(line.name) }];
  if (kind === 'none') {
    return [
      ...start,
      { text: quantityWithUnit(line) },
      { text: money(line.unitPrice * 100) },
      { text: money(tax.total) },
    ];
  }
  return [
    ...start,
    { text: line.hsn },
    { text: quantityWithUnit(line) },
    { text: money(tax.taxable) },
    { text: formatRate(rateBp) },
    ...(kind === 'intra' ? [{ text: money(tax.cgst) }, { text: money(tax.sgst) }] : [{ text: money(tax.igst) }]),
    { text: money(tax.total) },
  ];
}

/** "1 NOS": the quantity and its unit of quantity (Rule 46(f)). */
function quantityWithUnit(line: PaperOrder['lines'][number]): string {
  return `${line.quantity} ${line.uqc}`;
}

/**
 * The discount for paying in full, shown on the invoice (Rule 46(i): "discount or abatement"): the
 * lines' amounts above are after it, spread over them in proportion (common/gst.ts invoiceTaxes).
 */
function inFullRows(order: PaperOrder): Array<[string, string, boolean]> {
  if (order.inFullDiscount <= 0) return [];
  const before = order.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  return [
    ['Price of the watches', money(before * 100), false],
    ['Less discount, paid in full', money(-order.inFullDiscount * 100), false],
  ];
}

function totalRows(
  kind: ReturnType<typeof taxKindFor>,
  rateBp: number,
  t: TaxAmounts,
  totalLabel: string,
): Array<[string, string, boolean]> {
  if (kind === 'none') return [['Total', money(t.total), true]];
  return [
    ['Taxable value', money(t.taxable), false],
    ...(kind === 'intra'
      ? ([
          [`CGST ${formatRate(rateBp / 2)}`, money(t.cgst), false],
          [`SGST ${formatRate(rateBp / 2)}`, money(t.sgst), false],
        ] as Array<[string, string, boolean]>)
      : ([[`IGST ${formatRate(rateBp)}`, money(t.igst), false]] as Array<[string, string, boolean]>)),
    [totalLabel, money(t.total), true],
  ];
}
