/** The health check's database reads: a round trip, then the count of products on sale. */
import { sql } from 'kysely';
import type { Db } from '../db/tables.ts';

/** Throws when the database does not answer; otherwise the number of products not deleted. */
export async function checkDatabase(db: Db): Promise<number> {
  await sql`select 1`.execute(db);
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
