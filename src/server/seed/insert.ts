/**
 * Bulk insert of generated products: multi-row INSERTs inside a few large
 * transactions. A statement carries at most ROWS_PER_STATEMENT x 20 columns =
 * 20 000 parameters, under SQLite's 32 766 variables and PostgreSQL's 65 535.
 */
import type { Db, NewProductRow } from '../db/tables.ts';
import type { ProductFactory } from './products.ts';

export const ROWS_PER_STATEMENT = 1000;
export const ROWS_PER_TRANSACTION = 10_000;

export async function insertProducts(
  db: Db,
  make: ProductFactory,
  count: number,
  log: (msg: string) => void = () => {},
): Promise<number> {
  let done = 0;
  while (done < count) {
    const end = Math.min(count, done + ROWS_PER_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let start = done; start < end; start += ROWS_PER_STATEMENT) {
        const rows: NewProductRow[] = [];
        for (let i = start; i < Math.min(end, start + ROWS_PER_STATEMENT); i++) rows.push(make(i));
        await trx.insertInto('products').values(rows).execute();
      }
    });
    done = end;
    if (done % ROWS_PER_TRANSACTION === 0 || done === count)
      log(`  ${done.toLocaleString('en-IN')} / ${count.toLocaleString('en-IN')} products`);
  }
  return done;
}
