import { describe, expect, it } from 'vitest';
import { matchWord } from './match.ts';
import { editDistance, similarity, similarityAbove } from './similarity.ts';
import { FUZZY_KEEP_RATIO, FUZZY_LIMIT, SCORE } from './tuning.ts';
import { queryWords, toWords } from './words.ts';

describe('word similarity', () => {
  it('scores the spec typos above 0.4', () => {
    expect(similarity('rolx', 'rolex')).toBeCloseTo(0.8);
    expect(similarity('omge', 'omega')).toBeCloseTo(0.6);
    expect(similarityAbove('omge', 'omega')).toBeCloseTo(0.6);
  });

  it('counts a swapped pair of letters as one edit', () => {
    expect(editDistance('tissto', 'tissot')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('gives 0 at or below the threshold', () => {
    expect(similarity('abcde', 'abxyz')).toBeCloseTo(0.4);
    expect(similarityAbove('abcde', 'abxyz')).toBe(0);
    expect(similarityAbove('rolex', 'casio')).toBe(0);
  });

  it('stops early without changing the answer when the limit is passed', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBeGreaterThan(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('query words', () => {
  it('trims, lowercases and drops watch, watches, clock and clocks', () => {
    expect(queryWords('  Rolex WATCH ')).toEqual(['rolex']);
    expect(queryWords('watches clocks clock watch')).toEqual([]);
    expect(queryWords('')).toEqual([]);
  });

  it('splits brand names on punctuation and removes accents', () => {
    expect(toWords('Jaeger-LeCoultre')).toEqual(['jaeger', 'lecoultre']);
    expect(toWords('Jacob & Co')).toEqual(['jacob', 'co']);
    expect(toWords('Crème Brûlée')).toEqual(['creme', 'brulee']);
  });
});

describe('matching a query word against the vocabulary', () => {
  const vocabulary = ['rolex', 'omega', 'submariner', 'role', 'seamaster', 'gold', 'bold'];

  it('scores the word itself, then prefixes, then substrings, then typos', () => {
    const pairs = (term: string, words: string[]) => matchWord(term, words).map((m) => [m.word, m.score]);
    expect(pairs('mar', ['mar', 'marine', 'submariner', 'mat'])).toEqual([
      ['mar', SCORE.exact],
      ['marine', SCORE.prefix],
    ]);
    expect(pairs('mar', ['submariner', 'mat'])).toEqual([['submariner', SCORE.substring]]);
    expect(pairs('mar', ['mat'])).toEqual([['mat', 33]]);
  });

  it('uses only the strongest kind of match the vocabulary has', () => {
    // The demo catalogue's words around "patek": similar above 0.4, but "patek" itself is there.
    const demo = ['patek', 'philippe', 'master', 'battery', 'cartier', 'leather', 'panerai'];
    expect(matchWord('patek', demo).map((m) => m.word)).toEqual(['patek']);
    expect(matchWord('pate', demo).map((m) => m.word)).toEqual(['patek']);
    expect(matchWord('atek', demo).map((m) => m.word)).toEqual(['patek']);
    expect(matchWord('ptek', demo).map((m) => m.word)).toEqual(['patek']);
    // A short word inside longer ones counts only when no word starts with it.
    expect(matchWord('men', ['men', 'women', 'movement']).map((m) => m.word)).toEqual(['men']);
    expect(matchWord('tag', ['tag', 'heuer', 'vintage']).map((m) => m.word)).toEqual(['tag']);
    expect(matchWord('mariner', ['submariner', 'marine']).map((m) => m.word)).toEqual(['submariner']);
  });

  it('finds rolex for rolx and omega for omge', () => {
    expect(matchWord('rolx', vocabulary).map((m) => m.word)).toContain('rolex');
    expect(matchWord('omge', vocabulary).map((m) => m.word)).toContain('omega');
  });

  it('drops typo matches far behind the closest one', () => {
    // rolex is 0.8 similar to "rolx", role 0.75; gold and bold only 0.5.
    expect(matchWord('rolx', vocabulary).map((m) => m.word)).toEqual(['rolex', 'role']);
    const scores = matchWord('omge', vocabulary).map((m) => m.score);
    for (const score of scores) expect(score).toBeGreaterThanOrEqual((scores[0] ?? 0) * FUZZY_KEEP_RATIO);
  });

  it('keeps typo matches below every substring match and caps their number', () => {
    const many = Array.from({ length: 50 }, (_, i) => `gol${i}x`);
    const matches = matchWord('golx', many);
    expect(matches.length).toBeLessThanOrEqual(FUZZY_LIMIT);
    for (const m of matches) expect(m.score).toBeLessThan(SCORE.substring);
    expect(matchWord('gold', vocabulary).map((m) => m.word)).toEqual(['gold']);
  });
});
