/**
 * Objects to and from a plain folder, for npm run backup and npm run restore:
 * a key is the file's relative path, so a backup's `uploads/` folder looks the
 * same whether the store kept its pictures on disk or in a bucket, and a backup
 * of either can be restored into either (which is also how a store moves from
 * its folder to a bucket: docs/deploy.md).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkKey, type ObjectStorage, type PutOptions } from './object-storage.ts';

/** Objects in flight at once: a bucket answers each request slowly, but in parallel. */
const CONCURRENCY = 8;

async function eachLimited<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

function isStoreKey(key: string): boolean {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
}

async function writeObject(storage: ObjectStorage, key: string, path: string): Promise<boolean> {
  const object = await storage.get(key);
  if (!object) return false; // deleted since it was listed
  await mkdir(dirname(path), { recursive: true });
  const part = `${path}.part`;
  await pipeline(object.body, createWriteStream(part));
  await rename(part, path);
  return true;
}

/**
 * Copies every object into `dir`. Keys that the store never writes (another
 * program's objects in a shared bucket) are left out and returned.
 */
export async function exportObjects(
  storage: ObjectStorage,
  dir: string,
): Promise<{ copied: number; bytes: number; skipped: string[] }> {
  const listed = [];
  for await (const info of storage.list()) listed.push(info);
  const skipped = listed.filter((o) => !isStoreKey(o.key)).map((o) => o.key);
  let copied = 0;
  let bytes = 0;
  await eachLimited(
    listed.filter((o) => isStoreKey(o.key)),
    async (info) => {
      if (await writeObject(storage, info.key, join(dir, info.key))) {
        copied++;
        bytes += info.length;
      }
    },
  );
  return { copied, bytes, skipped };
}

/** Every file under `dir` as a key ('/'-separated relative path). */
async function keysUnder(dir: string): Promise<string[]> {
  const exists = await stat(dir).catch(() => null);
  if (!exists) return [];
  const names = await readdir(dir, { recursive: true });
  const keys: string[] = [];
  for (const name of names) {
    if ((await stat(join(dir, name))).isFile()) keys.push(checkKey(name.split(sep).join('/')));
  }
  return keys.sort();
}

/**
 * Makes the storage hold exactly the files under `dir`: every file is written
 * (the backup's copy wins), and every object that is not among them is first
 * copied under `asideDir`, then deleted. Run again after a failure, it finishes the job.
 */
export async function importObjects(
  storage: ObjectStorage,
  dir: string,
  asideDir: string,
  options: PutOptions,
): Promise<{ written: number; setAside: number }> {
  const keys = await keysUnder(dir);
  await eachLimited(keys, async (key) => storage.put(key, await readFile(join(dir, key)), options));
  const wanted = new Set(keys);
  const extra: string[] = [];
  for await (const info of storage.list()) if (!wanted.has(info.key) && isStoreKey(info.key)) extra.push(info.key);
  await eachLimited(extra, async (key) => {
    await writeObject(storage, key, join(asideDir, key));
    await storage.delete(key);
  });
  return { written: keys.length, setAside: extra.length };
}
