/**
 * The packing slip with its shipping label (docs/product.md#invoice): a 4 × 6 inch page per order, the
 * size courier label printers take (an office printer prints it as it is). Several orders make one PDF.
 *
 * Page 1 is the label stuck on the parcel, and its layout is fixed (LABEL_LAYOUT), whatever the
 * shopper typed: couriers collect what the label says, so no shopper text may move, cover or outrun it.
 * - The cash box: "CASH ON DELIVERY: THE ONLY AMOUNT TO COLLECT" (or "PREPAID: DO NOT COLLECT" when nothing
 *   is left, an order paid in full) on a black strip and, in the largest
 *   type on the page, cashToCollect(order), made from order.balance alone (never from shopper text),
 *   then the order total and the advance received. Drawn first, at its fixed place, in a box only it uses.
 * - The order number as a Code 128 barcode, the number under it and the order date: fixed too.
 *   Once the parcel has an AWB (the courier booked, or the owner typed it), the barcode row is
 *   shared, also at fixed places: the order number's barcode on the left half, the AWB's on the
 *   right half (the courier's scanner reads its own number), each with its number under it.
 * - "SHIP TO": the name, the address and the phone, each in its own fixed box above the cash box. Each
 *   is made one plain line when drawn (text.ts plainLine: rows stored before the plain-text rule may
 *   hold line breaks or bidi controls), shrunk to fit its box, and at the smallest size cut with an
 *   ellipsis (pdfkit's `height` + `ellipsis`), so it can never start a page nor reach the cash box.
 * - The packing slip between the barcode and the return address at the foot ("IF UNDELIVERED, RETURN
 *   TO", in its own box). Every watch is listed, each at most two lines: the packer needs them all,
 *   so an order with more watches than page 1 holds ends page 1 with "+ N more watches on the next
 *   page" and goes on over pages headed "PACKING SLIP TSW-10427 (CONTINUED), PAGE 2 OF 3" that say
 *   they are no shipping label. The cash, the number and the address are on page 1 only.
 */
import type { Readable } from 'node:stream';
import { formatDate } from '../../common/india-time.ts';
import { formatRupees } from '../../common/money.ts';
import { plainLine } from '../../common/text.ts';
import type { Config } from '../config.ts';
import { drawCode128 } from './barcode.ts';
import { BOLD, type Box, breathe, type Doc, drawInBox, newDocument, REGULAR, streamed } from './pdf-document.ts';
import type { PaperOrder } from './queries.ts';

type Shop = Config['shop'];
/** 4 × 6 inches in points. */
const PAGE: [number, number] = [288, 432];
const MARGIN = 14;
const WIDTH = PAGE[0] - 2 * MARGIN;
const box = (y: number, height: number): Box => ({ x: MARGIN, y, width: WIDTH, height });

/** Where everything of page 1 goes, in points from the top left; the tests read the cash box from here. */
export const LABEL_LAYOUT = {
  page: PAGE,
  shipToHeading: box(MARGIN, 9),
  /** The name: one line at 14 pt, or two at 12 or 10 pt, cut after two. */
  name: box(24, 32),
  /** The address starts under the name and ends above the phone: this is its largest box. */
  address: box(58, 51),
  phone: box(111, 14),
  cash: box(132, 64),
  barcode: box(202, 42),
  number: box(246, 14),
  /** With an AWB: the order number's barcode and number on the left half, the AWB's on the right. */
  orderBarcodeBeside: { x: MARGIN, y: 202, width: WIDTH / 2 - 4, height: 42 },
  orderNumberBeside: { x: MARGIN, y: 246, width: WIDTH / 2 - 4, height: 14 },
  awbBarcode: { x: MARGIN + WIDTH / 2 + 4, y: 202, width: WIDTH / 2 - 4, height: 42 },
  awbNumber: { x: MARGIN + WIDTH / 2 + 4, y: 246, width: WIDTH / 2 - 4, height: 14 },
  date: box(260, 11),
  slipTop: 279,
  /** The return address: at most three lines, at the foot. */
  returnText: box(PAGE[1] - MARGIN - 28, 28),
} as const;
const SLIP_SIZE = 9;
/** A slip line: "2 × name", at most two lines. */
const SLIP_LINE_MAX = 2;

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

/**
 * The cash box's strip: an order with nothing left to collect (paid in full: its advance is its
 * total, common/pay-in-full.ts) is prepaid, and the courier must not ask for money.
 */
export function cashHeading(order: PaperOrder): string {
  return order.balance > 0 ? 'CASH ON DELIVERY: THE ONLY AMOUNT TO COLLECT' : 'PREPAID: DO NOT COLLECT';
}

function drawLabel(doc: Doc, order: PaperOrder, shop: Shop): void {
  const L = LABEL_LAYOUT;
  // What the courier reads and scans first, at fixed places, before any shopper text is drawn.
  drawCash(doc, order);
  const awb = order.awb ? plainLine(order.awb) : '';
  if (awb) {
    const o = L.orderBarcodeBeside;
    const a = L.awbBarcode;
    drawCode128(doc, order.number, o.x, o.y, o.width, o.height);
    drawInBox(doc, order.number, L.orderNumberBeside, { font: BOLD, sizes: [10, 9, 7], align: 'center' });
    drawCode128(doc, awb, a.x, a.y, a.width, a.height);
    drawInBox(doc, `AWB ${awb}`, L.awbNumber, { font: BOLD, sizes: [10, 9, 7], align: 'center' });
  } else {
    drawCode128(doc, order.number, L.barcode.x, L.barcode.y, L.barcode.width, L.barcode.height);
    drawInBox(doc, order.number, L.number, { font: BOLD, sizes: [11, 9, 7], align: 'center' });
  }
  drawInBox(doc, `Ordered ${formatDate(order.createdAt)}`, L.date, { sizes: [8], align: 'center' });
  rule(doc, L.slipTop - 4);

  // Where it goes: each part in its own box, folded to one plain line.
  heading(doc, 'Ship to', L.shipToHeading);
  const nameHeight = drawInBox(doc, plainLine(order.buyerName) || 'Customer', L.name, {
    font: BOLD,
    sizes: [14, 12, 10],
  });
  // The address takes what the name leaves of the two boxes, never more.
  const addressTop = Math.min(L.name.y + nameHeight + 2, L.address.y);
  const address = box(addressTop, L.address.y + L.address.height - addressTop);
  drawInBox(doc, plainLine(order.address), address, { sizes: [10, 9, 8, 7] });
  drawInBox(doc, `Phone: ${plainLine(order.phone)}`, L.phone, { font: BOLD, sizes: [11, 9] });
  rule(doc, L.cash.y - 4);

  drawSlip(doc, order, shop);
}

/** The cash box: a black strip naming it, the amount as large as fits, the sum it comes from. */
function drawCash(doc: Doc, order: PaperOrder): void {
  const { x, y, width, height } = LABEL_LAYOUT.cash;
  doc.rect(x, y, width, 12).fillColor('#000').fill();
  drawInBox(doc, cashHeading(order), box(y + 2.5, 9), {
    font: BOLD,
    sizes: [7],
    align: 'center',
    color: '#fff',
  });
  drawInBox(doc, cashToCollect(order), box(y + 15, 32), {
    font: BOLD,
    sizes: [26, 24, 22, 20, 18, 16, 14, 12],
    align: 'center',
  });
  drawInBox(
    doc,
    order.balance > 0
      ? `Order total ${formatRupees(order.total)} · advance received ${formatRupees(order.advanceReceived)}`
      : `Order total ${formatRupees(order.total)} · paid in full ${formatRupees(order.advanceReceived)}`,
    box(y + height - 14, 11),
    { sizes: [8, 7], align: 'center' },
  );
  doc.rect(x, y, width, height).lineWidth(2).strokeColor('#000').stroke();
}

interface SlipLine {
  text: string;
  height: number;
  quantity: number;
}

/**
 * The watches, page 1 below the barcode and, when they do not fit, continued pages; each page
 * ends with the return address. Laid out before drawing, so every page knows how many there are.
 */
function drawSlip(doc: Doc, order: PaperOrder, shop: Shop): void {
  const L = LABEL_LAYOUT;
  doc.font(REGULAR).fontSize(SLIP_SIZE);
  const lineHeight = doc.currentLineHeight(true);
  const lines: SlipLine[] = order.lines.map((l) => {
    const text = `${l.quantity} × ${plainLine(l.name)}`;
    doc.font(REGULAR).fontSize(SLIP_SIZE);
    const height = Math.min(doc.heightOfString(text, { width: WIDTH }), SLIP_LINE_MAX * lineHeight);
    return { text, height, quantity: l.quantity };
  });
  const foot = L.returnText.y - 16;
  const headingHeight = 11;
  const firstRoom = foot - L.slipTop - headingHeight;
  const laterRoom = foot - MARGIN - 2 * headingHeight;
  const pages = paginate(lines, firstRoom, laterRoom, lineHeight);

  const count = order.lines.reduce((sum, l) => sum + l.quantity, 0);
  pages.forEach((page, p) => {
    let y: number;
    if (p === 0) {
      heading(doc, `Packing slip: ${count} ${count === 1 ? 'watch' : 'watches'}`, box(L.slipTop, 9));
      y = L.slipTop + headingHeight;
    } else {
      doc.addPage();
      heading(doc, `Packing slip ${order.number} (continued), page ${p + 1} of ${pages.length}`, box(MARGIN, 9));
      drawInBox(doc, 'Not a shipping label: page 1 goes on the parcel.', box(MARGIN + headingHeight, 10), {
        sizes: [8],
      });
      y = MARGIN + 2 * headingHeight;
    }
    for (const line of page) {
      drawInBox(doc, line.text, box(y, line.height), { sizes: [SLIP_SIZE] });
      y += line.height;
    }
    if (p < pages.length - 1) {
      const more = pages
        .slice(p + 1)
        .flat()
        .reduce((sum, rest) => sum + rest.quantity, 0);
      drawInBox(doc, `+ ${more} more ${more === 1 ? 'watch' : 'watches'} on the next page`, box(y, lineHeight), {
        font: BOLD,
        sizes: [SLIP_SIZE],
      });
    }
    drawReturn(doc, shop);
  });
}

/** The slip's lines by page: each page but the last keeps a line free for "+ N more". */
function paginate(lines: readonly SlipLine[], firstRoom: number, laterRoom: number, reserve: number): SlipLine[][] {
  const pages: SlipLine[][] = [[]];
  let room = firstRoom;
  lines.forEach((line, i) => {
    const last = i === lines.length - 1;
    const need = line.height + (last ? 0 : reserve);
    if (pages.at(-1)!.length > 0 && need > room) {
      pages.push([]);
      room = laterRoom;
    }
    pages.at(-1)!.push(line);
    room -= line.height;
  });
  return pages;
}

function drawReturn(doc: Doc, shop: Shop): void {
  const at = LABEL_LAYOUT.returnText;
  rule(doc, at.y - 15);
  heading(doc, 'If undelivered, return to', box(at.y - 12, 9));
  drawInBox(doc, plainLine(`${shop.legalName}, ${shop.address}. Phone ${shop.phone}`), at, { sizes: [8, 7, 6] });
}

function heading(doc: Doc, text: string, at: Box): void {
  drawInBox(doc, text.toUpperCase(), at, { font: BOLD, sizes: [7], color: '#444' });
}

function rule(doc: Doc, y: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(PAGE[0] - MARGIN, y)
    .lineWidth(0.75)
    .strokeColor('#000')
    .stroke();
}
