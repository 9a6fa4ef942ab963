/**
 * Which indexed words a query word matches, and how well (docs/decisions/005-search.md).
 * The scores and limits are in tuning.ts.
 *
 * Only the strongest kind of match that exists in the vocabulary is used:
 * words starting with the query word (the word itself included); when there are
 * none, words containing it; when there are none either, words similar to it
 * (a typo). "patek" is a word of the catalogue, so master, leather and battery,
 * similar to it above 0.4, do not pull in two thirds of the catalogue; "rolx"
 * is no word's start or part, so it still finds rolex.
 */
import { similarityAbove } from './similarity.ts';
import { FUZZY_KEEP_RATIO, FUZZY_LIMIT, FUZZY_MIN_LENGTH, SCORE } from './tuning.ts';

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
