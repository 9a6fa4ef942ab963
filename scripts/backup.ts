/**
 * npm run backup [-- --out DIR]: a consistent snapshot while the store serves.
 * SQLite: the online backup API, copied in one step so concurrent orders cannot
 * keep restarting it; PostgreSQL: pg_dump (one repeatable-read snapshot).
 * The database is copied first and the images after, from the store's folder or
 * bucket alike (uploads/ in the backup has the same layout for both): images are
 * immutable and named by content hash, and one is stored before any product can
 * name it, so every image the snapshot refers to already exists when they are copied.
 * A manifest with a SHA-256 per file lets npm run restore check the copy.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../src/server/config.ts';
import { openStorage } from '../src/server/media/storage/open-storage.ts';
import { exportObjects } from '../src/server/media/storage/transfer.ts';
import { hashFiles, listFiles, MANIFEST, type Manifest, PG_FILE, SQLITE_FILE, UPLOADS } from './backup-manifest.ts';
import { flag } from './lib.ts';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = resolve(flag('out') ?? join(config.dataDir, 'backups', stamp));
if (existsSync(join(out, MANIFEST))) {
  console.error(`${out} already holds a backup; choose another --out folder.`);
  process.exit(1);
}
mkdirSync(out, { recursive: true });
const started = Date.now();

if (config.databaseUrl) {
  execFileSync('pg_dump', ['--format=custom', `--file=${join(out, PG_FILE)}`, config.databaseUrl], {
    stdio: 'inherit',
  });
} else {
  if (!existsSync(config.sqlitePath)) {
    console.error(`No database at ${config.sqlitePath}`);
    process.exit(1);
  }
  const source = new SQLite(config.sqlitePath, { readonly: true });
  await source.backup(join(out, SQLITE_FILE), { progress: () => 0x7fffffff });
  source.close();
  // A backup is one self-contained file: no WAL beside it. Checked before it is trusted.
  const snapshot = new SQLite(join(out, SQLITE_FILE));
  snapshot.pragma('journal_mode = DELETE');
  const integrity = snapshot.pragma('integrity_check', { simple: true });
  snapshot.close();
  if (integrity !== 'ok') {
    console.error(`The snapshot failed its integrity check: ${integrity}`);
    process.exit(1);
  }
}
const media = openStorage(config);
try {
  const { skipped } = await exportObjects(media, join(out, UPLOADS));
  if (skipped.length)
    console.warn(`Left out ${skipped.length} objects the store does not write, such as ${skipped[0]}`);
} finally {
  await media.close();
}

const files = listFiles(out).filter((f) => f !== MANIFEST);
const manifest: Manifest = {
  version: 1,
  createdAt: new Date().toISOString(),
  dialect: config.databaseUrl ? 'postgres' : 'sqlite',
  files: hashFiles(out, files),
};
writeFileSync(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
const images = files.filter((f) => f.startsWith(`${UPLOADS}/`)).length;
console.log(
  `Backup written to ${out} (${manifest.dialect}, ${images} image files from ${media.location}, ${Date.now() - started} ms)`,
);
