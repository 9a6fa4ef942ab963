/**
 * Every number that decides which watches a search finds and in what order, in one place
 * (docs/decisions/005-search.md measures them; docs/product.md#search says what shoppers get).
 *
 * A product's score for a query is the sum, over the query's words, of the best
 * (match score × field weight) among the product's words. Ties go to the newer product, then to
 * the later-added one (memory-index.ts, topOrdinals).
 */

/**
 * How well an indexed word matches a query word. Whole numbers, so they multiply by the field
 * weights exactly: the word itself, a word starting with it, a word containing it (substring
 * matches, docs/product.md#search), then typo matches at fuzzyScale × similarity, always below
 * any substring match.
 */
export const SCORE = { exact: 100, prefix: 90, substring: 80, fuzzyScale: 50 } as const;

/** Field weights (at most 7, they pack into 3 bits): a word in the name or brand counts more than one in the description. */
export const FIELD_WEIGHTS = { name: 4, brand: 4, category: 2, status: 2, features: 2, description: 1 } as const;

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
