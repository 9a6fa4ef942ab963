/**
 * Many rows written or looked up in a few statements: an upload of thousands of lines (a bank
 * statement, a courier's remittance report) goes in slices, each one INSERT or one IN list, so no
 * statement passes the databases' bound-parameter limits (SQLite 32,766; PostgreSQL 65,535).
 */

/** Rows per statement: 1,000 rows of up to 30 values stay under SQLite's limit. */
export const CHUNK_ROWS = 1000;

/**
 * Runs `each` on consecutive slices of `items`, one after the other (one connection, in order),
 * and answers the rows they returned, in order.
 */
export async function inChunks<T, R>(
  items: readonly T[],
  each: (chunk: T[]) => Promise<readonly R[]>,
  size: number = CHUNK_ROWS,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await each(items.slice(i, i + size))));
  return out;
}
