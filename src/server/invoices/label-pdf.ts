/**
 * The packing slip with its shipping label (docs/product.md#invoice): one 4 × 6 inch page per order,
 * the size courier label printers take (an office printer prints it as it is). On it: where the parcel
 * goes (the shopper's name, full address and phone), the order number as a Code 128 barcode, the cash
 * the courier collects on delivery in large type (the total less the advance the owner marked
 * received), the watches and their quantities, and the shop's return address. An order with more
 * watches than one page holds goes on over "continued" pages. Several orders make one PDF.
 */
import type { Readable } from 'node:stream';
import { formatDate } from '../../common/india-time.ts';
import { formatRupees } from '../../common/money.ts';
import type { Config } from '../config.ts';
import { drawCode128 } from './barcode.ts';
import { BOLD, bottomOf, breathe, type Doc, newDocument, REGULAR, streamed } from './pdf-document.ts';
import type { PaperOrder } from './queries.ts';

type Shop = Config['shop'];
/** 4 × 6 inches in points. */
const PAGE: [number, number] = [288, 432];
const MARGIN = 14;

export function labelsPdf(orders: readonly PaperOrder[], shop: Shop): Readable {
  const title = orders.length === 1 ? `Label ${orders[0]!.number}` : `Labels (${orders.length} orders)`;
  const doc = newDocument({ size: PAGE, margin: MARGIN, title, author: shop.legalName });
  return streamed(doc, async (d) => {
    for (const [i, order] of orders.entries()) {
      if (i > 0) d.addPage();
      drawLabel(d, order, shop);
      await breathe();
    }
  });
}

/** "COLLECT ₹6,700", or "COLLECT ₹0 (PAID)" when nothing is left to pay. */
export function cashToCollect(order: PaperOrder): string {
  return order.balance > 0 ? `COLLECT ${formatRupees(order.balance)}` : 'COLLECT ₹0 (PAID)';
}

function drawLabel(doc: Doc, order: PaperOrder, shop: Shop): void {
  const left = MARGIN;
  const width = PAGE[0] - 2 * MARGIN;
  const small = (text: string) => doc.font(BOLD).fontSize(7).fillColor('#444').text(text.toUpperCase(), { width });

  // Where it goes.
  doc.x = left;
  doc.y = MARGIN;
  small('Ship to');
  doc
    .font(BOLD)
    .fontSize(13)
    .fillColor('#000')
    .text(order.buyerName || 'Customer', { width });
  doc.font(REGULAR).fontSize(10).text(order.address, { width });
  doc.font(BOLD).fontSize(11).text(`Phone: ${order.phone}`, { width });
  let y = doc.y + 6;
  rule(doc, y);

  // The cash the courier collects, large.
  y += 6;
  doc.x = left;
  doc.y = y;
  small('Cash on delivery');
  doc.font(BOLD).fontSize(22).fillColor('#000').text(cashToCollect(order), { width });
  doc
    .font(REGULAR)
    .fontSize(8)
    .text(`Order total ${formatRupees(order.total)} · advance received ${formatRupees(order.advanceReceived)}`, {
      width,
    });
  y = doc.y + 6;
  rule(doc, y);

  // The order number, scannable and readable.
  y += 6;
  drawCode128(doc, order.number, left, y, width, 44);
  doc
    .font(BOLD)
    .fontSize(11)
    .text(order.number, left, y + 47, { width, align: 'center' });
  doc
    .font(REGULAR)
    .fontSize(8)
    .text(`Ordered ${formatDate(order.createdAt)}`, { width, align: 'center' });
  y = doc.y + 6;
  rule(doc, y);

  // The return address at the foot; the packing slip fills the space between.
  const returnText = `${shop.legalName}, ${shop.address}. Phone ${shop.phone}`;
  doc.font(REGULAR).fontSize(8);
  const returnHeight = doc.heightOfString(returnText, { width }) + 14;
  const returnTop = bottomOf(doc) - returnHeight;

  doc.x = left;
  doc.y = y + 6;
  const count = order.lines.reduce((sum, l) => sum + l.quantity, 0);
  small(`Packing slip: ${count} ${count === 1 ? 'watch' : 'watches'}`);
  for (const line of order.lines) {
    const text = `${line.quantity} × ${line.name}`;
    doc.font(REGULAR).fontSize(9).fillColor('#000');
    if (doc.y + doc.heightOfString(text, { width }) > returnTop - 4) {
      drawReturn(doc, returnText, returnTop);
      doc.addPage();
      doc.x = left;
      doc.y = MARGIN;
      small(`Packing slip ${order.number} (continued)`);
      doc.font(REGULAR).fontSize(9).fillColor('#000');
    }
    doc.text(text, left, doc.y, { width });
  }
  drawReturn(doc, returnText, returnTop);
}

function drawReturn(doc: Doc, text: string, top: number): void {
  const width = PAGE[0] - 2 * MARGIN;
  rule(doc, top);
  doc
    .font(BOLD)
    .fontSize(7)
    .fillColor('#444')
    .text('IF UNDELIVERED, RETURN TO', MARGIN, top + 3, { width });
  doc.font(REGULAR).fontSize(8).fillColor('#000').text(text, { width });
}

function rule(doc: Doc, y: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(PAGE[0] - MARGIN, y)
    .lineWidth(0.75)
    .strokeColor('#000')
    .stroke();
}
