/**
 * Word similarity for typo-tolerant search (docs/decisions/005-search.md):
 * 1 - d / max(len), where d is the optimal-string-alignment (Damerau-Levenshtein)
 * distance, so a swapped pair of letters costs one edit like a wrong letter.
 * "rolx" ~ "rolex" = 0.8, "omge" ~ "omega" = 0.6. (Dice bigram similarity,
 * the usual npm choice, gives "omge" ~ "omega" 0.29 and would miss it.)
 */

/** Optimal-string-alignment distance; `limit` lets it stop early once it is exceeded. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (prevPrev[j - 2] ?? 0) + 1);
      }
      row.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** 1 - distance / longer length: 1 for equal words, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - editDistance(a, b) / longer;
}

/** The similarity a query word must exceed to match (docs/product.md#search). */
export const SIMILARITY_THRESHOLD = 0.4;

/**
 * Similarity of `a` and `b` when it is above the threshold, else 0. Skips the
 * distance work when the lengths alone rule a match out.
 */
export function similarityAbove(a: string, b: string, threshold = SIMILARITY_THRESHOLD): number {
  const longer = Math.max(a.length, b.length);
  // sim > t  <=>  d < (1 - t) * longer
  const maxDistance = Math.ceil((1 - threshold) * longer) - 1;
  if (Math.abs(a.length - b.length) > maxDistance) return 0;
  const d = editDistance(a, b, maxDistance);
  if (d > maxDistance) return 0;
  const sim = 1 - d / longer;
  return sim > threshold ? sim : 0;
}
