/**
 * Opens the database: PostgreSQL when the URL starts with postgres://,
 * otherwise a SQLite file. Pragmas are set here, in one place, when it opens.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { enableGroupCommit } from './group-commit.ts';
import { pipelineTransactions } from './pg-pipeline.ts';
import { withStatementCache } from './sqlite-statements.ts';
import type { Database, Db } from './tables.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface OpenedDatabase {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL schema the app works in (migrations pin their own tables to it). */
  schema?: string;
  /** The raw SQLite handle, for the online backup API and integrity checks. */
  sqlite?: SQLite.Database;
  /** The PostgreSQL pool behind `db` (the catalogue version watch opens its listening connection like it). */
  pool?: pg.Pool;
}

export interface OpenOptions {
  /** postgres://… URL; when absent, `sqlitePath` is used. */
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  /** PostgreSQL schema to work in (tests use one schema per run). */
  pgSchema?: string | undefined;
  /** PostgreSQL connections; unset: `defaultPoolSize()`. */
  poolSize?: number | undefined;
}

/**
 * Twice the machine's cores: PostgreSQL's own rule of thumb for a server on the same machine
 * (docs/deploy.md puts it there), where the store's process and the database share the cores.
 * Ten connections on two cores took 133-148 orders/s and 6.5-6.9 ms of backend CPU an order; four
 * took 168 and 5.0 ms (bench/RESULTS.md, decision 074): more backends than cores only queue for
 * them, each switch costing CPU, and hold row locks longer while they wait.
 */
export function defaultPoolSize(): number {
  return Math.max(2, 2 * availableParallelism());
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(options: OpenOptions): OpenedDatabase {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? defaultPoolSize(),
      // Queries written without waiting for the answer before (pg-pipeline.ts): a transaction's BEGIN
      // leaves with its first statement. Kysely still sends one statement at a time otherwise.
      pipeline: true,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // A connection that breaks (PostgreSQL restarted, `pg_ctl stop`, a network cut) emits
    // 'error' on its client, and on the pool too while it is idle; unheard, either would end
    // the process. Heard here on every connection, idle or handed out between two queries (a
    // transaction's): its next query fails (answered 503, http/errors.ts), the pool drops it
    // when it comes back, and opens a new one when next asked, so the store keeps running and
    // recovers by itself when the server is back (docs/decisions/025-faults.md).
    pool.on('connect', (client) => {
      pipelineTransactions(client);
      client.on('error', (err: Error & { code?: string }) => {
        console.warn(`PostgreSQL: a connection was lost (${err.code ?? ''} ${err.message}); new ones open when needed`);
      });
    });
    // The idle case once more, on the pool: said above already.
    pool.on('error', () => {});
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      schema: options.pgSchema ?? 'public',
      pool,
    };
  }
  const path = options.sqlitePath ?? ':memory:';
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers run beside the one writer; synchronous=FULL fsyncs every
  // commit so an acknowledged order survives power loss (issue 2).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -32000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  enableGroupCommit(db);
  return { db, dialect: 'sqlite', sqlite };
}
