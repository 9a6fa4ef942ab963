/**
 * The catalogue version on SQLite (docs/decisions/020-catalogue-invalidation.md).
 *
 * SQLite. The row is read by its prepared statement directly (not through
 * Kysely's connection queue), once per turn of the event loop: the requests
 * handled in one turn share the read. A bump made in this process makes every
 * call read again until a read shows it, so this process sees its own writes
 * at once; another process's write to the file is seen from the next turn on.
 * While a transaction is open on the connection the read goes through Kysely,
 * which waits for it to end (its uncommitted version must not be seen).
 */
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { type CatalogVersionSource, readCatalogVersion, VERSION_SQL } from './catalog-version.ts';

/** Names a SQLite database the same way on every connection to it (the full path of its file). */
export const SQLITE_FILE_SQL = "select file from pragma_database_list where name = 'main'";

/** Per SQLite file, the versions this process's transactions bumped to and no read has shown yet. */
const sqliteWritesInFlight = new Map<string, Set<number>>();

/** Called by the writer right after bumping the version on SQLite, inside its transaction. */
export function noteSqliteCatalogWrite(file: string, version: number): void {
  let versions = sqliteWritesInFlight.get(file);
  if (!versions) {
    versions = new Set();
    sqliteWritesInFlight.set(file, versions);
  }
  versions.add(version);
}

/**
 * SQLite: the version row read by its own prepared statement (no trip through
 * Kysely's connection queue) at most once per turn of the event loop; every
 * request of that turn shares the read. Outside that:
 *  - while a transaction is open on the connection its uncommitted version
 *    must not be seen, so the read goes through Kysely, which waits for it;
 *  - while a bump made in this process (on any connection to the file) is
 *    newer than what was read, every call reads again, until a read shows it
 *    (committed) or a newer version: so this process sees its own writes at once.
 *    (A bump rolled back keeps this up until the next write passes it: the cost
 *    of a read per call, as before the watch, never a wrong version.)
 * Another process's write to the file is seen from the next turn on.
 */
export class SqliteCatalogVersion implements CatalogVersionSource {
  private statement: SQLite.Statement<[], number> | undefined;
  private file: string | undefined;
  /** The version read in this turn of the event loop, forgotten at its end. */
  private turn: number | undefined;
  private readonly forget = () => {
    this.turn = undefined;
  };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite: SQLite.Database,
  ) {}

  current(): number | Promise<number> {
    if (this.sqlite.inTransaction) return readCatalogVersion(this.db);
    if (this.turn !== undefined && !this.writeNewerThan(this.turn)) return this.turn;
    this.statement ??= this.sqlite.prepare<[], number>(VERSION_SQL).pluck();
    this.file ??= String(this.sqlite.prepare(SQLITE_FILE_SQL).pluck().get() ?? '');
    const version = Number(this.statement.get() ?? 0);
    const pending = sqliteWritesInFlight.get(this.file);
    if (pending) {
      // Committed (or rolled back and overtaken): writers of one file take turns.
      for (const bumped of pending) if (bumped <= version) pending.delete(bumped);
      if (pending.size === 0) sqliteWritesInFlight.delete(this.file);
    }
    if (this.turn === undefined) setImmediate(this.forget);
    this.turn = version;
    return version;
  }

  private writeNewerThan(version: number): boolean {
    const pending = this.file === undefined ? undefined : sqliteWritesInFlight.get(this.file);
    if (pending) for (const bumped of pending) if (bumped > version) return true;
    return false;
  }
}
