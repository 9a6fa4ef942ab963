/**
 * Turning text into search words, the same way for product text and queries
 * (docs/product.md#search: trim, lowercase, drop watch/watches/clock/clocks).
 */
import { shopperWordMap } from './shopper-words.ts';

/** Words that say nothing in a watch shop; dropped from queries and from the index. */
export const STOP_WORDS: ReadonlySet<string> = new Set(['watch', 'watches', 'clock', 'clocks']);

/** Words shorter than this are neither indexed nor searched ("&", "a"). */
export const MIN_WORD_LENGTH = 2;
/** Longer words are cut: no real watch word is longer, and it bounds the fuzzy work. */
export const MAX_WORD_LENGTH = 32;

/** One word as search compares it: lowercase, accents and other combining marks removed. */
export function foldWord(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Lowercase words of letters and digits, accents removed ("Jaeger-LeCoultre" ->
 * ["jaeger", "lecoultre"]), without stop words or one-letter words.
 */
export function toWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of foldWord(text).split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < MIN_WORD_LENGTH || STOP_WORDS.has(raw)) continue;
    words.push(raw.slice(0, MAX_WORD_LENGTH));
  }
  return words;
}

/** Hindi and Hinglish words as the catalogue's English words (shopper-words.ts). */
const SHOPPER_WORDS = shopperWordMap(foldWord);

/**
 * The distinct words of a query, in order; [] for an empty or stop-words-only query. A Hindi or
 * Hinglish word is searched as its English meaning ("mard ghadi" is "men").
 */
export function queryWords(query: string): string[] {
  const words = toWords(query.trim())
    .map((w) => SHOPPER_WORDS.get(w) ?? w)
    .filter((w) => w !== '' && !STOP_WORDS.has(w));
  return [...new Set(words)].slice(0, 8);
}
