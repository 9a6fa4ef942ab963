/**
 * npm run backup [-- --out DIR]: a consistent snapshot while the store serves.
 * SQLite: the online backup API; PostgreSQL: pg_dump. Uploaded images are copied
 * beside it (they are immutable, named by content hash, so copying is safe).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../src/server/config.ts';
import { flag } from './lib.ts';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = resolve(flag('out') ?? join(config.dataDir, 'backups', stamp));
mkdirSync(out, { recursive: true });

if (config.databaseUrl) {
  execFileSync('pg_dump', ['--format=custom', `--file=${join(out, 'store.pgdump')}`, config.databaseUrl], {
    stdio: 'inherit',
  });
} else {
  if (!existsSync(config.sqlitePath)) {
    console.error(`No database at ${config.sqlitePath}`);
    process.exit(1);
  }
  const source = new SQLite(config.sqlitePath, { readonly: true });
  await source.backup(join(out, 'store.sqlite'));
  source.close();
}
if (existsSync(config.uploadsDir)) {
  cpSync(config.uploadsDir, join(out, 'uploads'), {
    recursive: true,
    filter: (src) => !src.includes(`${join(config.uploadsDir, '.tmp')}`),
  });
}
console.log(`Backup written to ${out}`);
