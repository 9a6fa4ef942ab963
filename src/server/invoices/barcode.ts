/**
 * The order number as a Code 128 barcode on the label, so a courier's scanner reads it. bwip-js (a kept
 * library, the PostScript barcode writer's encoder) encodes it; the bars are drawn here as vector
 * rectangles, sharp at any printer's resolution.
 */
import bwipjs from 'bwip-js/node';
import type { Doc } from './pdf-document.ts';

/** Code 128 asks for a quiet zone of at least ten modules each side. */
const QUIET_MODULES = 10;

/** Bar and space widths in modules, bar first (bwip-js's "sbs"), for `text`. */
export function code128Widths(text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text }) as Array<{ sbs: number[] }>;
  if (!symbol?.sbs) throw new Error(`Code 128 could not encode ${text}`);
  return symbol.sbs;
}

/** Draws `text` as a Code 128 barcode filling `width` × `height` (quiet zones included) from (x, y). */
export function drawCode128(doc: Doc, text: string, x: number, y: number, width: number, height: number): void {
  const widths = code128Widths(text);
  const modules = widths.reduce((sum, w) => sum + w, 0) + 2 * QUIET_MODULES;
  const unit = width / modules;
  let at = x + QUIET_MODULES * unit;
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(at, y, w * unit, height);
    at += w * unit;
  });
  doc.fillColor('#000').fill();
}
