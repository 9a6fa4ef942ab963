/**
 * Prepared statements reused by SQL text. Kysely's SQLite driver prepares every
 * query afresh, and preparing was 7% of the CPU of taking an order
 * (docs/decisions/011-sqlite-group-commit.md); the SQL strings Kysely compiles
 * repeat exactly, so a statement can be kept and run again with new values.
 * Safe because Kysely runs one query at a time on the connection and we never
 * stream rows, so no cached statement is ever busy when it is reused.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

const NOTHING_TO_ROLL_BACK = {
  reader: false,
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
} as unknown as SQLite.Statement;

/** Distinct SQL texts kept (an `in (?, ?, …)` list makes one text per length). */
const STATEMENTS_KEPT = 500;

export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      // Kysely ends a failed transaction with ROLLBACK; when SQLite has already rolled it back
      // itself (a full disk, an I/O error) that ROLLBACK fails and its "no transaction is active"
      // would hide the real error. With no transaction open there is nothing to roll back.
      if (!sqlite.inTransaction && /^\s*rollback\s*$/i.test(sql)) return NOTHING_TO_ROLL_BACK;
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last, so the first key is the one to drop.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
