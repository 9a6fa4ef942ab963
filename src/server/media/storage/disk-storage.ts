/**
 * Objects as files under one folder (DATA_DIR/uploads): a key is a relative path.
 * A write goes to a temporary file in `.tmp` (never listed) and is renamed into
 * place, so a crash never leaves a half-written file under its real name.
 */
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkKey, type ObjectInfo, type ObjectStorage, type PutOptions, type StoredObject } from './object-storage.ts';

/** Unfinished writes; outside the key space (no key starts with a dot). */
export const DISK_TMP = '.tmp';

/** Size and modification time, as static file servers make ETags: changes when the file is replaced. */
function etagOf(info: Stats): string {
  return `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
}

/** A missing file, or a path through a file: no such object. */
function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

export class DiskStorage implements ObjectStorage {
  readonly kind = 'disk';
  readonly location: string;

  constructor(readonly root: string) {
    this.location = root;
  }

  path(key: string): string {
    return join(this.root, checkKey(key));
  }

  /** The type and caching of a file are the serving route's to say (serve-routes.ts), so `options` is not kept. */
  async put(key: string, data: Buffer, _options?: PutOptions): Promise<void> {
    const target = this.path(key);
    const tmpDir = join(this.root, DISK_TMP);
    const tmp = join(tmpDir, `${randomBytes(8).toString('hex')}.part`);
    await mkdir(tmpDir, { recursive: true });
    try {
      await writeFile(tmp, data);
      await mkdir(dirname(target), { recursive: true });
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    let handle: FileHandle;
    try {
      handle = await open(this.path(key), 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    // The size comes from the open file, so a rename over it meanwhile cannot make them disagree.
    let info: Stats;
    try {
      info = await handle.stat();
    } catch (err) {
      await handle.close();
      throw err;
    }
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    // The stream owns the handle from here and closes it when it ends or is destroyed.
    return { key, length: info.size, etag: etagOf(info), body: handle.createReadStream() };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? { key, length: info.size, etag: etagOf(info) } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    // Empty folders left behind are removed up to the root, as a bucket has no folders.
    for (let dir = dirname(path); dir.startsWith(`${this.root}/`); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break; // not empty (or already gone)
      }
    }
  }

  async *list(): AsyncIterable<ObjectInfo> {
    yield* this.walk('');
  }

  private async *walk(prefix: string): AsyncIterable<ObjectInfo> {
    let entries: string[];
    try {
      entries = await readdir(prefix ? join(this.root, prefix) : this.root);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const name of entries.sort()) {
      if (name.startsWith('.')) continue; // .tmp: writes not finished
      const key = prefix ? `${prefix}/${name}` : name;
      const info = await stat(join(this.root, key)).catch(() => null);
      if (info?.isDirectory()) yield* this.walk(key);
      else if (info?.isFile()) yield { key, length: info.size, etag: etagOf(info) };
    }
  }

  async close(): Promise<void> {}
}
