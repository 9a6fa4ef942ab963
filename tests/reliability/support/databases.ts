/**
 * Direct access to a scenario's database after the server is gone: fresh
 * PostgreSQL databases (the server has no schema option, so each scenario
 * gets its own database, copied from a seeded template), a small query
 * interface over SQLite and PostgreSQL, and a dump of every row for comparisons.
 */
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';

export const PG_URL = process.env.TEST_DATABASE_URL;

export function pgUrlFor(database: string): string {
  if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface PgDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/** A new database (a copy of `template` when given); names are random, so runs never collide. */
export async function createPgDatabase(template?: string): Promise<PgDatabase> {
  const name = `rel_${randomBytes(5).toString('hex')}`;
  await onServer((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    name,
    url: pgUrlFor(name),
    drop: () => onServer((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export interface Reader {
  dialect: 'sqlite' | 'postgres';
  /** `?` placeholders on both dialects. */
  all: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
}

export async function openReader(target: { sqlitePath?: string; databaseUrl?: string | undefined }): Promise<Reader> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    return {
      dialect: 'postgres',
      all: async <T>(sql: string, params: unknown[] = []) => {
        let n = 0;
        const text = sql.replace(/\?/g, () => `$${++n}`);
        return (await client.query(text, params)).rows as T[];
      },
      close: () => client.end(),
    };
  }
  const db = new SQLite(target.sqlitePath as string, { fileMustExist: true });
  return {
    dialect: 'sqlite',
    all: async <T>(sql: string, params: unknown[] = []) => db.prepare(sql).all(...params) as T[],
    close: async () => {
      db.close();
    },
  };
}

export async function tableNames(reader: Reader): Promise<string[]> {
  const rows =
    reader.dialect === 'sqlite'
      ? await reader.all<{ name: string }>(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
        )
      : await reader.all<{ name: string }>(
          "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
        );
  return rows.map((r) => r.name);
}

/** Every row of every table, in a stable order, as JSON lines per table. */
export async function dumpRows(reader: Reader): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const table of await tableNames(reader)) {
    const rows = await reader.all(`select * from ${quote(table)}`);
    const lines = rows.map((r) => JSON.stringify(Object.entries(r).map(([k, v]) => [k, normalise(v)])));
    out.set(table, lines.sort());
  }
  return out;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return value;
}

/**
 * Structural checks: SQLite's own `integrity_check` and `foreign_key_check`;
 * on PostgreSQL, amcheck's B-tree verification of every index. Returns the problems found.
 */
export async function integrityProblems(reader: Reader): Promise<string[]> {
  if (reader.dialect === 'sqlite') {
    const integrity = await reader.all<{ integrity_check: string }>('pragma integrity_check');
    const fk = await reader.all('pragma foreign_key_check');
    const problems = integrity.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    return [...problems, ...fk.map((r) => `foreign key: ${JSON.stringify(r)}`)];
  }
  await reader.all('create extension if not exists amcheck');
  const indexes = await reader.all<{ name: string }>(
    "select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace join pg_am a on a.oid = c.relam where n.nspname = 'public' and a.amname = 'btree'",
  );
  const problems: string[] = [];
  for (const { name } of indexes) {
    try {
      await reader.all(`select bt_index_check(${`'public.${quote(name)}'`}::regclass, true)`);
    } catch (err) {
      problems.push(`index ${name}: ${(err as Error).message}`);
    }
  }
  return problems;
}
