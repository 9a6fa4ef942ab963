/**
 * Backup and restore (issue 6, item 11). While shoppers place orders and an
 * admin uploads a picture, `npm run backup` takes a snapshot: it must be whole
 * (integrity check, no partial order) and hold every order acknowledged before
 * it began. Then, on the idle but running store, a second backup is taken and
 * every row and file recorded; more orders follow; the store is stopped and
 * `npm run restore` must bring back exactly the recorded rows and files, and
 * the store must start on them with the shoppers still logged in. Each runs
 * with the pictures on disk and in a bucket of a real S3-compatible server.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../scripts/backup-manifest.ts';
import { DiskStorage } from '../../src/server/media/storage/disk-storage.ts';
import type { ObjectStorage } from '../../src/server/media/storage/object-storage.ts';
import { startS3Server, type TestS3Server } from '../../src/server/test-support/s3-server.ts';
import { checkoutCycle, newTally } from './support/checkout.ts';
import { createPgDatabase, dumpRows, integrityProblems, openReader, type PgDatabase } from './support/databases.ts';
import { recordFigures } from './support/figures.ts';
import { type Dialect, type Fresh, freshData, postgresConfigured } from './support/fixtures.ts';
import { adminLogin, inBatches, ok, orderableProductIds, type Session, signUp } from './support/http.ts';
import { checkOrders } from './support/orders-check.ts';
import { addWatchWithPicture, pngOf, type ScenarioBucket, seededBucket } from './support/pictures.ts';
import { RELIABILITY_ADMIN, ROOT, sleep, startStore } from './support/server.ts';

/** Runs an operator script the way `npm run <name>` does, with the store's environment (without blocking the traffic). */
function operator(
  script: string,
  args: string[],
  env: { dataDir: string; databaseUrl?: string | undefined; env?: Record<string, string> },
) {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: env.dataDir,
      ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
      ...env.env,
    },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return new Promise<{ ms: number; output: string }>((done, fail) =>
    child.once('exit', (code) =>
      code === 0
        ? done({ ms: Date.now() - started, output })
        : fail(new Error(`npm run ${script} failed (${code}):\n${output}`)),
    ),
  );
}

/** An admin adds a new picture and a watch that shows it, as the product form does. */
async function addPictureAndProduct(admin: Session, url: string): Promise<string> {
  const png = await pngOf({ r: Math.floor(Math.random() * 255), g: 90, b: 40 });
  return (await addWatchWithPicture(admin, url, png, 'Backup Test Chronograph')).image;
}

/** Every stored picture file and the SHA-256 of its content, read through the storage (folder or bucket alike). */
async function fileHashes(storage: ObjectStorage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for await (const { key } of storage.list()) {
    const object = await storage.get(key);
    const hash = createHash('sha256');
    for await (const chunk of object?.body ?? []) hash.update(chunk as Buffer);
    hashes[key] = hash.digest('hex');
  }
  return Object.fromEntries(Object.entries(hashes).sort(([a], [b]) => a.localeCompare(b)));
}

let s3: TestS3Server | undefined;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const COMBINATIONS: Array<[Dialect, 'disk' | 's3']> = [
  ['sqlite', 'disk'],
  ['postgres', 'disk'],
  ['sqlite', 's3'],
  ['postgres', 's3'],
];

describe.each(COMBINATIONS)('backup and restore on %s with pictures in %s storage', (dialect, kind) => {
  let fresh: Fresh | undefined;
  let scratch: PgDatabase | undefined;
  let bucket: ScenarioBucket | undefined;
  afterAll(async () => {
    await bucket?.storage.close();
    await fresh?.cleanup();
    await scratch?.drop();
  });

  it.skipIf(dialect === 'postgres' && !postgresConfigured())(
    'snapshots consistently while serving and restores every row and file',
    async () => {
      fresh = await freshData(dialect);
      bucket = kind === 's3' ? await seededBucket(s3 as TestS3Server, fresh.dataDir) : undefined;
      const pictures: ObjectStorage = bucket?.storage ?? new DiskStorage(join(fresh.dataDir, 'uploads'));
      const target = { dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl, env: bucket?.env ?? {} };
      const backups = mkdtempSync(join(fresh.dataDir, '..', 'backups-'));
      let store = await startStore(target);
      const products = await orderableProductIds(store.url);
      const shoppers = await inBatches(20, 4, () => signUp(store.url));
      const admin = await adminLogin(store.url, RELIABILITY_ADMIN);

      // 1. A backup in the middle of traffic.
      const tally = newTally();
      let stopping = false;
      const traffic = shoppers.map(async (s) => {
        while (!stopping) await checkoutCycle(s, { products, tally });
      });
      const newImage = await addPictureAndProduct(admin, store.url);
      await sleep(1500);
      const ackedBefore = [...tally.acked];
      const during = join(backups, 'during-traffic');
      const first = await operator('backup', ['--out', during], target);
      const ackedDuringBackup = tally.acked.length - ackedBefore.length;
      stopping = true;
      await Promise.all(traffic);
      expect(tally.violations).toEqual([]);

      // The snapshot is whole and holds every order acknowledged before it began.
      let snapshotTarget: { sqlitePath?: string; databaseUrl?: string } = { sqlitePath: join(during, 'store.sqlite') };
      if (dialect === 'postgres') {
        scratch = await createPgDatabase();
        const scratchDir = mkdtempSync(join(fresh.dataDir, '..', 'scratch-'));
        // Into a folder, whatever the store used: a backup of a bucket restores into a folder as well.
        await operator('restore', ['--from', during], { dataDir: scratchDir, databaseUrl: scratch.url });
        snapshotTarget = { databaseUrl: scratch.url };
      }
      const snap = await openReader(snapshotTarget);
      const snapIntegrity = await integrityProblems(snap);
      const snapCheck = await checkOrders(snap, ackedBefore);
      await snap.close();
      expect(snapIntegrity).toEqual([]);
      expect(snapCheck.problems).toEqual([]);
      expect(listFiles(join(during, 'uploads')).some((f) => f.includes(newImage))).toBe(true);

      // 2. A backup of the idle, running store, and what it must bring back.
      const idle = join(backups, 'idle');
      const second = await operator('backup', ['--out', idle], target);
      let live = await openReader(fresh);
      const rowsAtBackup = await dumpRows(live);
      await live.close();
      const filesAtBackup = await fileHashes(pictures);

      // 3. Changes after the backup, which the restore must undo.
      const later = newTally();
      for (const s of shoppers.slice(0, 5)) await checkoutCycle(s, { products, tally: later });
      await addPictureAndProduct(admin, store.url);
      expect((await store.stop()).code).toBe(0);

      const restored = await operator('restore', ['--from', idle], target);
      live = await openReader(fresh);
      const rowsAfter = await dumpRows(live);
      const integrity = await integrityProblems(live);
      await live.close();
      const filesAfter = await fileHashes(pictures);

      let rowsCompared = 0;
      const differing: string[] = [];
      for (const [table, rows] of rowsAtBackup) {
        rowsCompared += rows.length;
        if (JSON.stringify(rows) !== JSON.stringify(rowsAfter.get(table))) differing.push(table);
      }
      for (const table of rowsAfter.keys()) if (!rowsAtBackup.has(table)) differing.push(`${table} (extra)`);
      const filesDiffer = JSON.stringify(filesAtBackup) !== JSON.stringify(filesAfter);

      // 4. The store starts on the restored data; a shopper is still logged in and sees their orders.
      store = await startStore({ ...target, port: store.port });
      const shopper = shoppers[0] as (typeof shoppers)[number];
      const orders = await shopper.call('GET', '/api/orders?view=all');
      const theirs = rowsAtBackup.get('orders')?.filter((r) => r.includes(shopper.userId)).length ?? 0;
      expect((await store.stop()).code).toBe(0);

      recordFigures(`backup and restore (${dialect}, pictures in ${kind} storage)`, {
        'orders acknowledged during traffic': tally.acked.length,
        'backup while serving (ms)': first.ms,
        'orders acknowledged while it ran': ackedDuringBackup,
        'snapshot: integrity / partial orders': `${snapIntegrity.length ? 'FAILED' : 'ok'} / ${snapCheck.problems.length}`,
        'snapshot: earlier orders present': `${snapCheck.ordersChecked} of ${ackedBefore.length}`,
        'idle backup (ms)': second.ms,
        'orders placed after it (undone)': later.acked.length,
        'restore (ms)': restored.ms,
        'tables compared': rowsAtBackup.size,
        'rows compared': rowsCompared,
        'tables differing': differing.length ? differing.join(', ') : 0,
        'image files compared': Object.keys(filesAtBackup).length,
        'files differing': filesDiffer ? 'yes' : 0,
      });
      expect(snapCheck.ordersChecked).toBe(ackedBefore.length);
      expect(differing).toEqual([]);
      expect(filesDiffer).toBe(false);
      expect(integrity).toEqual([]);
      expect(ok(orders)).toBe(true);
      expect(orders.body.orders.length).toBe(theirs);
    },
  );
});
