/**
 * Which indexed words a query word matches, and how well (docs/decisions/005-search.md).
 * Scores are whole numbers so SQL can multiply them by field weights on any dialect:
 * the word itself 100, a word starting with it 90, containing it 80 (substring
 * matches, SPEC §5), then typo matches at 50 x similarity, always below any substring.
 */
import { similarityAbove } from './similarity.ts';

export const SCORE = { exact: 100, prefix: 90, substring: 80, fuzzyScale: 50 } as const;
/** Fuzzy matching needs 3+ letters: two-letter words are "similar" to half the vocabulary. */
export const FUZZY_MIN_LENGTH = 3;
/** Closest typo candidates kept per query word, so one vague word cannot match the whole catalogue. */
export const FUZZY_LIMIT = 12;

export interface WordMatch {
  word: string;
  score: number;
}

export function matchWord(term: string, vocabulary: readonly string[]): WordMatch[] {
  const matches: WordMatch[] = [];
  const fuzzy: WordMatch[] = [];
  for (const word of vocabulary) {
    if (word === term) matches.push({ word, score: SCORE.exact });
    else if (word.startsWith(term)) matches.push({ word, score: SCORE.prefix });
    else if (word.includes(term)) matches.push({ word, score: SCORE.substring });
    else if (term.length >= FUZZY_MIN_LENGTH && word.length >= FUZZY_MIN_LENGTH) {
      const sim = similarityAbove(term, word);
      if (sim > 0) fuzzy.push({ word, score: Math.max(1, Math.round(sim * SCORE.fuzzyScale)) });
    }
  }
  fuzzy.sort((a, b) => b.score - a.score || a.word.localeCompare(b.word));
  return matches.concat(fuzzy.slice(0, FUZZY_LIMIT));
}
