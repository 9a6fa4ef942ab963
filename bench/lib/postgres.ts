/**
 * A throwaway PostgreSQL database per benchmark run (the server has no schema
 * option, so a fresh database keeps runs apart), dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await withClient(ADMIN_URL, (c) => c.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await withClient(ADMIN_URL, (c) => c.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/** How many of these order ids are stored (with at least one line). */
export async function storedOrdersPg(url: string, ids: string[]): Promise<number> {
  return withClient(url, async (c) => {
    const res = await c.query<{ n: string }>(
      'select count(*) as n from orders o where o.id = any($1) and exists (select 1 from order_lines l where l.order_id = o.id)',
      [ids],
    );
    return Number(res.rows[0]?.n ?? 0);
  });
}
