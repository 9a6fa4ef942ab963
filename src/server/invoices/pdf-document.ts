/**
 * What the invoice and the label share: a pdfkit document with the embedded fonts, rows of cells that
 * wrap, and drawing that lets other requests run between rows. pdfkit writes each finished page
 * into its stream, so a long document is sent while it is drawn, never held whole in memory.
 */
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';

// DejaVu Sans Condensed (fonts/LICENSE): the PDF standard fonts have no rupee sign. Read once;
// pdfkit embeds only the letters a document uses.
const REGULAR_FONT = readFileSync(new URL('./fonts/DejaVuSansCondensed.ttf', import.meta.url));
const BOLD_FONT = readFileSync(new URL('./fonts/DejaVuSansCondensed-Bold.ttf', import.meta.url));
export const REGULAR = 'regular';
export const BOLD = 'bold';

export type Doc = PDFKit.PDFDocument;

export function newDocument(options: {
  size: string | [number, number];
  margin: number;
  title: string;
  author: string;
}): Doc {
  const doc = new PDFDocument({
    size: options.size,
    margin: options.margin,
    info: { Title: options.title, Author: options.author },
    // Each page goes out as soon as the next begins.
    bufferPages: false,
  });
  doc.registerFont(REGULAR, REGULAR_FONT);
  doc.registerFont(BOLD, BOLD_FONT);
  doc.font(REGULAR);
  return doc;
}

/** Lets the event loop serve other requests before drawing on: called between rows of long documents. */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Draws in the background and answers the document at once, a stream of PDF bytes: the caller sends it
 * while it is drawn. A drawing error ends the stream with that error.
 */
export function streamed(doc: Doc, draw: (doc: Doc) => Promise<void>): Readable {
  draw(doc).then(
    () => doc.end(),
    (err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return doc as unknown as Readable;
}

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface Cell {
  text: string;
  bold?: boolean;
}

const PAD = 3;

/** The columns' x positions from `left`, in order. */
function positions(columns: readonly Column[], left: number): number[] {
  let x = left;
  return columns.map((c) => {
    const at = x;
    x += c.width;
    return at;
  });
}

function cellHeight(doc: Doc, column: Column, cell: Cell, size: number): number {
  doc.font(cell.bold ? BOLD : REGULAR).fontSize(size);
  return doc.heightOfString(cell.text || ' ', { width: column.width - 2 * PAD, align: column.align ?? 'left' });
}

/** Draws one row of wrapped cells at y; answers its height. `fill` shades it (a header row). */
export function drawRow(
  doc: Doc,
  columns: readonly Column[],
  cells: readonly Cell[],
  y: number,
  options: { size: number; left: number; fill?: string },
): number {
  const height =
    Math.max(...columns.map((c, i) => cellHeight(doc, c, cells[i] ?? { text: '' }, options.size))) + 2 * PAD;
  const xs = positions(columns, options.left);
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  if (options.fill) doc.rect(options.left, y, width, height).fill(options.fill);
  doc.fillColor('#000');
  columns.forEach((column, i) => {
    const cell = cells[i] ?? { text: '' };
    doc
      .font(cell.bold ? BOLD : REGULAR)
      .fontSize(options.size)
      .text(cell.text, xs[i]! + PAD, y + PAD, { width: column.width - 2 * PAD, align: column.align ?? 'left' });
  });
  doc
    .moveTo(options.left, y + height)
    .lineTo(options.left + width, y + height)
    .lineWidth(0.5)
    .strokeColor('#999')
    .stroke();
  return height;
}

/** The height drawRow would take, without drawing (to decide on a new page first). */
export function rowHeight(doc: Doc, columns: readonly Column[], cells: readonly Cell[], size: number): number {
  return Math.max(...columns.map((c, i) => cellHeight(doc, c, cells[i] ?? { text: '' }, size))) + 2 * PAD;
}

/** The lowest y content may reach on the current page. */
export function bottomOf(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** A fixed rectangle on the page, in points from the top left. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Draws `text` inside `box` and never outside it: at the largest of `sizes` (largest first) at which
 * it fits whole, else at the smallest, cut with an ellipsis after the last line that fits. pdfkit's
 * `height` stops the text at the box's foot, so no text drawn this way can start another page,
 * however long or broken it is. Answers the height used.
 */
export function drawInBox(
  doc: Doc,
  text: string,
  box: Box,
  options: { font?: string; sizes: readonly number[]; align?: 'left' | 'center' | 'right'; color?: string },
): number {
  const font = options.font ?? REGULAR;
  const align = options.align ?? 'left';
  const sizes = options.sizes;
  let size = sizes[sizes.length - 1]!;
  for (const candidate of sizes) {
    doc.font(font).fontSize(candidate);
    if (doc.heightOfString(text, { width: box.width, align }) <= box.height) {
      size = candidate;
      break;
    }
  }
  doc
    .font(font)
    .fontSize(size)
    .fillColor(options.color ?? '#000');
  // pdfkit draws at least one line whatever the height: a box lower than a line is a mistake here.
  const line = doc.currentLineHeight(true);
  if (line > box.height + 0.01) throw new Error(`a box of ${box.height}pt cannot hold a line of ${line}pt`);
  const used = Math.min(doc.heightOfString(text, { width: box.width, align }), box.height);
  doc.text(text, box.x, box.y, { width: box.width, height: box.height, ellipsis: true, align });
  return used;
}
