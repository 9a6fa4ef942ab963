/**
 * Cut text to `max` characters, adding an ellipsis when something was cut. A cut at a space
 * drops the space, so the ellipsis stays on the word ("Cartier Santos…", not "Cartier Santos …",
 * which wrapped the ellipsis onto a line of its own on a card).
 */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/**
 * Cart rows (docs/product.md#cart): names over 50 characters are cut to 20 plus an ellipsis;
 * shorter names are shown whole.
 */
export function cartRowName(name: string): string {
  return name.length > 50 ? truncate(name, 20) : name;
}

/**
 * Plain text (docs/product.md#validation): what reaches paper (labels, invoices), mails and the CSV
 * is letters, digits, punctuation and single spaces. Refused: the control characters (C0 and C1,
 * line breaks and tabs among them), the Unicode line and paragraph separators, and the bidi
 * overrides and isolates, which turn text around so it reads other than it is written.
 * 'line' text (names, addresses, their parts) refuses them all, and folds each run of spaces into one;
 * 'lines' text (a complaint) keeps its line breaks (at most one empty line in a row) and refuses the rest.
 */
export type PlainKind = 'line' | 'lines';

/** The one message for a refused character, by kind. */
export const PLAIN_MESSAGES: Record<PlainKind, string> = {
  line: 'Please use letters, digits and punctuation only: no line breaks or control characters',
  lines: 'Please use letters, digits and punctuation only: no control characters',
};

/** A control character (\p{Cc}: C0, DEL, C1), a line or paragraph separator, a bidi override or isolate. */
const UNPLAIN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const UNPLAIN_ALL = new RegExp(UNPLAIN.source, 'gu');
const BIDI_ALL = /[\u202A-\u202E\u2066-\u2069]/gu;

/** True when `text` has no character its kind refuses ('lines' allows line breaks: \n, \r\n, \r). */
export function isPlain(text: string, kind: PlainKind): boolean {
  return !UNPLAIN.test(kind === 'lines' ? text.replace(/[\r\n]/g, '') : text);
}

/** Folds the spaces of plain text: runs of spaces to one; for 'lines', \r\n to \n, spaces around line breaks dropped. */
export function foldPlain(text: string, kind: PlainKind): string {
  if (kind === 'line') return text.replace(/\s+/g, ' ');
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
}

/**
 * Any text made one plain line, for drawing what is already stored (rows older than the rule):
 * bidi controls dropped, other refused characters and runs of spaces made one space, trimmed.
 */
export function plainLine(text: string): string {
  return text.replace(BIDI_ALL, '').replace(UNPLAIN_ALL, ' ').replace(/\s+/g, ' ').trim();
}
