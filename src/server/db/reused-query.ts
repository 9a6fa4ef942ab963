/**
 * A query built and compiled once per database kind, then run again and again with new values.
 * Kysely builds and compiles every query afresh, and that was a third of the CPU of applying a
 * tracking event (bench/RESULTS.md, issue 23); for the few statements every event runs, the SQL
 * text is kept (SQLite's statement cache, sqlite-statements.ts, then reuses its prepared statement).
 *
 * The query is built with stand-ins (`slot('name')`) where the values go; in the compiled parameters
 * each stand-in is replaced by the call's value of that name. A stand-in may only stand where a
 * bound value does (a where's value, a set's or an insert's value), never where it would change the
 * SQL's text.
 */
import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import type { Database } from './tables.ts';

const STAND_IN = '\u0000reused-query-slot:';

/** The call's value of this name, in the query's builder. */
export const slot = <T>(name: string): T => `${STAND_IN}${name}` as unknown as T;

type Slot = { value: string } | { constant: unknown };

export function reusedQuery<R>(build: (db: Kysely<Database>) => Compilable<R>) {
  // Keyed by the dialect's adapter: one per database, shared by its transactions.
  const compiled = new WeakMap<object, { query: CompiledQuery<R>; slots: Slot[] }>();
  return async (
    db: Kysely<Database> | Transaction<Database>,
    values: Readonly<Record<string, unknown>>,
  ): Promise<R[]> => {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (!entry) {
      const query = build(db).compile();
      const slots = query.parameters.map((p): Slot => {
        if (typeof p === 'string' && p.startsWith(STAND_IN)) return { value: p.slice(STAND_IN.length) };
        return { constant: p };
      });
      entry = { query, slots };
      compiled.set(adapter, entry);
    }
    const parameters = entry.slots.map((s) => {
      if (!('value' in s)) return s.constant;
      if (values[s.value] === undefined) throw new Error(`reusedQuery: no value for ${s.value}`);
      return values[s.value];
    });
    const result = await db.executeQuery<R>({ ...entry.query, parameters });
    return result.rows;
  };
}
