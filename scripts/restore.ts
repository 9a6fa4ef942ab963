/**
 * npm run restore -- --from DIR: puts a backup written by npm run backup back in
 * place of the store's database and images (DATA_DIR / DATABASE_URL as for the
 * server). Stop the store first: the restore refuses while a process has the
 * SQLite file open, or while other sessions are connected to the PostgreSQL database.
 *
 * SQLite: the snapshot is checked, copied beside the database and renamed over
 * it; the previous database and images are kept in DATA_DIR/before-restore-<time>/.
 * PostgreSQL: pg_restore --clean in one transaction (all or nothing).
 * Images go back into the store's folder or bucket (S3_BUCKET), whichever it
 * uses now; images the backup does not hold are copied to that folder, then removed.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../src/server/config.ts';
import { openStorage } from '../src/server/media/storage/open-storage.ts';
import { importObjects } from '../src/server/media/storage/transfer.ts';
import { IMAGE_CACHE_CONTROL, IMAGE_CONTENT_TYPE } from '../src/server/media/store.ts';
import { PG_FILE, SQLITE_FILE, UPLOADS, verifyBackup } from './backup-manifest.ts';
import { flag } from './lib.ts';

const from = flag('from');
if (!from) {
  console.error('Usage: npm run restore -- --from BACKUP_DIR   (a folder written by npm run backup)');
  process.exit(2);
}
const dir = resolve(from);
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const aside = join(config.dataDir, `before-restore-${stamp}`);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Pids (other than ours) holding `path` open, read from /proc on Linux; empty elsewhere. */
function processesUsing(path: string): number[] {
  if (!existsSync('/proc') || !existsSync(path)) return [];
  const target = realpathSync(path);
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === target) {
          pids.push(pid);
          break;
        }
      }
    } catch {
      // the process ended, or is not ours to inspect
    }
  }
  return pids;
}

async function otherPgSessions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

function restoreSqlite(): void {
  const snapshotPath = join(dir, SQLITE_FILE);
  const snapshot = new SQLite(snapshotPath, { readonly: true, fileMustExist: true });
  const integrity = snapshot.pragma('integrity_check', { simple: true });
  snapshot.close();
  if (integrity !== 'ok') fail(`The backup's database failed its integrity check: ${integrity}`);
  const users = processesUsing(config.sqlitePath);
  if (users.length) fail(`Stop the store first: process ${users.join(', ')} has ${config.sqlitePath} open.`);

  mkdirSync(config.dataDir, { recursive: true });
  const incoming = `${config.sqlitePath}.restoring`;
  copyFileSync(snapshotPath, incoming);
  if (existsSync(config.sqlitePath)) {
    // Fold the WAL into the file first, so the copy kept aside is whole on its own.
    const current = new SQLite(config.sqlitePath);
    current.pragma('wal_checkpoint(TRUNCATE)');
    current.close();
    mkdirSync(aside, { recursive: true });
    renameSync(config.sqlitePath, join(aside, SQLITE_FILE));
  }
  // A WAL left beside the old file would be replayed into the restored one.
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${config.sqlitePath}${suffix}`, { force: true });
  renameSync(incoming, config.sqlitePath);
}

async function restorePostgres(url: string): Promise<void> {
  const others = await otherPgSessions(url);
  if (others > 0) fail(`Stop the store first: ${others} other session(s) are connected to the database.`);
  execFileSync(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${url}`,
      join(dir, PG_FILE),
    ],
    { stdio: 'inherit' },
  );
}

async function restoreUploads(): Promise<void> {
  const media = openStorage(config);
  try {
    const { written, setAside } = await importObjects(media, join(dir, UPLOADS), join(aside, UPLOADS), {
      contentType: IMAGE_CONTENT_TYPE,
      cacheControl: IMAGE_CACHE_CONTROL,
    });
    console.log(`${written} image files written to ${media.location}; ${setAside} not in the backup set aside.`);
  } finally {
    await media.close();
  }
}

const { manifest, problems } = verifyBackup(dir);
if (problems.length) fail(`The backup in ${dir} is damaged:\n  ${problems.slice(0, 20).join('\n  ')}`);
const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
if (manifest.dialect !== dialect) {
  fail(`This is a ${manifest.dialect} backup, but the store is configured for ${dialect} (check DATABASE_URL).`);
}
const started = Date.now();
if (config.databaseUrl) await restorePostgres(config.databaseUrl);
else restoreSqlite();
await restoreUploads();
console.log(`Restored the backup of ${manifest.createdAt} from ${dir} in ${Date.now() - started} ms.`);
if (existsSync(aside)) {
  const what = config.databaseUrl ? 'images not in the backup were' : 'database and the images not in the backup were';
  console.log(`The previous ${what} kept in ${aside} (delete it when satisfied).`);
}
