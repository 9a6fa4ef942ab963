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
  const floor = (fuzzy[0]?.score ?? 0) * FUZZY_KEEP_RATIO;
  return matches.concat(fuzzy.slice(0, FUZZY_LIMIT).filter((m) => m.score >= floor));
}
