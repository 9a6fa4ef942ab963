/**
 * Which indexed words a query word matches, and how well (docs/decisions/005-search.md).
 * Scores are whole numbers so they multiply by field weights exactly: the word
 * itself 100, a word starting with it 90, containing it 80 (substring matches,
 * docs/product.md#search), then typo matches at 50 x similarity, always below any substring.
 *
 * Only the strongest kind of match that exists in the vocabulary is used:
 * words starting with the query word (the word itself included); when there are
 * none, words containing it; when there are none either, words similar to it
 * (a typo). "patek" is a word of the catalogue, so master, leather and battery,
 * similar to it above 0.4, do not pull in two thirds of the catalogue; "rolx"
 * is no word's start or part, so it still finds rolex.
 */
import { similarityAbove } from './similarity.ts';

export const SCORE = { exact: 100, prefix: 90, substring: 80, fuzzyScale: 50 } as const;
/** Fuzzy matching needs 3+ letters: two-letter words are "similar" to half the vocabulary. */
export const FUZZY_MIN_LENGTH = 3;
/** Closest typo candidates kept per query word, so one vague word cannot match the whole catalogue. */
export const FUZZY_LIMIT = 12;
/**
 * Typo candidates must score at least this share of the closest one: "rolx" is
 * rolex at 0.8, and box or gold at 0.5 would otherwise drag in most of the
 * catalogue (73 000 of 100 000 products) behind the Rolexes. Measured in
 * docs/decisions/005-search.md.
 */
export const FUZZY_KEEP_RATIO = 0.75;

export interface WordMatch {
  word: string;
  score: number;
}

export function matchWord(term: string, vocabulary: readonly string[]): WordMatch[] {
  const starts: WordMatch[] = [];
  const inside: WordMatch[] = [];
  for (const word of vocabulary) {
    if (word === term) starts.push({ word, score: SCORE.exact });
    else if (word.startsWith(term)) starts.push({ word, score: SCORE.prefix });
    else if (starts.length === 0 && word.includes(term)) inside.push({ word, score: SCORE.substring });
  }
  if (starts.length > 0) return starts;
  if (inside.length > 0) return inside;
  return typoMatches(term, vocabulary);
}

/** Words similar to `term` above the threshold: the closest FUZZY_LIMIT, within FUZZY_KEEP_RATIO of the best. */
function typoMatches(term: string, vocabulary: readonly string[]): WordMatch[] {
  if (term.length < FUZZY_MIN_LENGTH) return [];
  const fuzzy: WordMatch[] = [];
  for (const word of vocabulary) {
    if (word.length < FUZZY_MIN_LENGTH) continue;
    const sim = similarityAbove(term, word);
    if (sim > 0) fuzzy.push({ word, score: Math.max(1, Math.round(sim * SCORE.fuzzyScale)) });
  }
  fuzzy.sort((a, b) => b.score - a.score || a.word.localeCompare(b.word));
  const floor = (fuzzy[0]?.score ?? 0) * FUZZY_KEEP_RATIO;
  return fuzzy.slice(0, FUZZY_LIMIT).filter((m) => m.score >= floor);
}
