/**
 * The storage contract, held by both implementations: the same tests against a
 * folder and against a real S3-compatible server on loopback (s3rver).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test-support/s3-server.ts';
import { DISK_TMP, DiskStorage } from './disk-storage.ts';
import { checkKey, type ObjectStorage } from './object-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { exportObjects, importObjects } from './transfer.ts';

const WEBP = { contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' };
const scratch = mkdtempSync(join(tmpdir(), 'watch-storage-'));
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

let made = 0;
const kinds: Record<'disk' | 's3', () => Promise<ObjectStorage>> = {
  disk: async () => new DiskStorage(join(scratch, `disk-${made++}`)),
  s3: async () => new S3Storage(s3.settings(await s3.createBucket())),
};

async function keysOf(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of storage.list()) keys.push(info.key);
  return keys.sort();
}

describe.each(['disk', 's3'] as const)('%s storage', (kind) => {
  let storage: ObjectStorage;
  beforeAll(async () => {
    storage = await kinds[kind]();
  });
  afterAll(() => storage?.close());

  it('gives back what was put, with its length, and an etag that changes with the content', async () => {
    await storage.put('ab/one/480.webp', Buffer.from('first picture'), WEBP);
    const got = await storage.get('ab/one/480.webp');
    expect(got?.length).toBe(13);
    expect(await text(got?.body as NodeJS.ReadableStream)).toBe('first picture');
    const head = await storage.head('ab/one/480.webp');
    expect(head).toMatchObject({ key: 'ab/one/480.webp', length: 13 });
    expect(head?.etag).toBe(got?.etag);

    await storage.put('ab/one/480.webp', Buffer.from('second, longer picture'), WEBP);
    const again = await storage.head('ab/one/480.webp');
    expect(again?.length).toBe(22);
    expect(again?.etag).not.toBe(head?.etag);
  });

  it('answers null for an object that is not there, and deletes idempotently', async () => {
    expect(await storage.get('zz/missing/480.webp')).toBeNull();
    expect(await storage.head('zz/missing/480.webp')).toBeNull();
    // A key whose "folder" is an object is missing too (a path through a file on disk).
    expect(await storage.get('ab/one/480.webp/more')).toBeNull();
    await storage.put('cd/gone/240.webp', Buffer.from('x'), WEBP);
    await storage.delete('cd/gone/240.webp');
    expect(await storage.head('cd/gone/240.webp')).toBeNull();
    await storage.delete('cd/gone/240.webp');
    expect(await keysOf(storage)).not.toContain('cd/gone/240.webp');
  });

  it('lists every object once, across pages of the listing', async () => {
    const fresh = await kinds[kind]();
    try {
      // More than S3's 1000 keys a page, so the listing must follow its continuation token.
      const keys = Array.from({ length: 1003 }, (_, i) => `p${String(i).padStart(4, '0')}/x.webp`);
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(keys.slice(i, i + 50).map((k) => fresh.put(k, Buffer.from(k), WEBP)));
      }
      const listed = [];
      for await (const info of fresh.list()) listed.push(info);
      expect(listed.map((o) => o.key).sort()).toEqual(keys);
      expect(listed.every((o) => o.length === 'p0000/x.webp'.length)).toBe(true);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('refuses keys that could leave the store or mean something else', async () => {
    for (const bad of ['../x.webp', 'a/../../x', '/etc/passwd', 'a//b', '.tmp/x', 'A.webp', 'a/.hidden', '', 'a\\b']) {
      expect(() => checkKey(bad), bad).toThrow('invalid storage key');
      await expect(storage.put(bad, Buffer.from('x'), WEBP)).rejects.toThrow('invalid storage key');
      await expect(storage.get(bad)).rejects.toThrow('invalid storage key');
    }
  });

  it('copies every object out to a folder and makes a storage hold exactly a folder again', async () => {
    const source = await kinds[kind]();
    const dir = mkdtempSync(join(scratch, 'export-'));
    const aside = join(scratch, `aside-${made++}`);
    try {
      await source.put('aa/keep/240.webp', Buffer.from('kept'), WEBP);
      await source.put('aa/keep/480.webp', Buffer.from('kept, larger'), WEBP);
      expect(await exportObjects(source, dir)).toEqual({ copied: 2, bytes: 16, skipped: [] });
      expect(readFileSync(join(dir, 'aa/keep/480.webp'), 'utf8')).toBe('kept, larger');

      // After the backup: one picture changed, one added; the restore undoes both.
      await source.put('aa/keep/240.webp', Buffer.from('changed'), WEBP);
      await source.put('bb/later/240.webp', Buffer.from('added later'), WEBP);
      expect(await importObjects(source, dir, aside, WEBP)).toEqual({ written: 2, setAside: 1 });
      expect(await keysOf(source)).toEqual(['aa/keep/240.webp', 'aa/keep/480.webp']);
      expect(await text((await source.get('aa/keep/240.webp'))?.body as NodeJS.ReadableStream)).toBe('kept');
      // What the backup did not hold is kept aside, not lost.
      expect(readFileSync(join(aside, 'bb/later/240.webp'), 'utf8')).toBe('added later');
    } finally {
      await source.close();
    }
  });
});

describe('disk storage', () => {
  it('writes through a temporary file that is never listed and never left behind', async () => {
    const root = join(scratch, 'disk-tmp');
    const storage = new DiskStorage(root);
    await storage.put('ab/x/240.webp', Buffer.from('x'), WEBP);
    expect(readdirSync(join(root, DISK_TMP))).toEqual([]);
    // A half-written file from a crash sits in .tmp: not an object.
    writeFileSync(join(root, DISK_TMP, 'crashed.part'), 'half');
    expect(await keysOf(storage)).toEqual(['ab/x/240.webp']);
    // A write that fails (its folder is taken by a file) leaves nothing either.
    writeFileSync(join(root, 'cd'), 'a file where a folder would go');
    await expect(storage.put('cd/y/240.webp', Buffer.from('y'), WEBP)).rejects.toThrow();
    expect(readdirSync(join(root, DISK_TMP))).toEqual(['crashed.part']);
  });

  it('removes folders a delete leaves empty, as a bucket has no folders', async () => {
    const root = join(scratch, 'disk-rmdir');
    const storage = new DiskStorage(root);
    await storage.put('ab/x/240.webp', Buffer.from('x'), WEBP);
    await storage.put('ab/y/240.webp', Buffer.from('y'), WEBP);
    await storage.delete('ab/x/240.webp');
    expect(existsSync(join(root, 'ab/x'))).toBe(false);
    expect(existsSync(join(root, 'ab/y/240.webp'))).toBe(true);
  });
});
