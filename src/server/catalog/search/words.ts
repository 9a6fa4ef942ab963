/**
 * Turning text into search words, the same way for product text and queries
 * (docs/product.md#search: trim, lowercase, drop watch/watches/clock/clocks).
 */

/** Words that say nothing in a watch shop; dropped from queries and from the index. */
export const STOP_WORDS: ReadonlySet<string> = new Set(['watch', 'watches', 'clock', 'clocks']);

/** Words shorter than this are neither indexed nor searched ("&", "a"). */
export const MIN_WORD_LENGTH = 2;
/** Longer words are cut: no real watch word is longer, and it bounds the fuzzy work. */
export const MAX_WORD_LENGTH = 32;

/**
 * Lowercase words of letters and digits, accents removed ("Jaeger-LeCoultre" ->
 * ["jaeger", "lecoultre"]), without stop words or one-letter words.
 */
export function toWords(text: string): string[] {
  const words: string[] = [];
  const plain = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  for (const raw of plain.split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < MIN_WORD_LENGTH || STOP_WORDS.has(raw)) continue;
    words.push(raw.slice(0, MAX_WORD_LENGTH));
  }
  return words;
}

/** The distinct words of a query, in order; [] for an empty or stop-words-only query. */
export function queryWords(query: string): string[] {
  return [...new Set(toWords(query.trim()))].slice(0, 8);
}
