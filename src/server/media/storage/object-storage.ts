/**
 * Where pictures live (docs/decisions/018-object-storage.md): one interface with
 * two implementations, a folder on local disk (disk-storage.ts) and an
 * S3-compatible bucket (s3-storage.ts). Routes, the seed, backup and restore
 * use only this interface, so none of them knows which one the store runs on.
 *
 * Keys are '/'-separated relative paths ("ab/abcd…/480.webp", see ../store.ts).
 * Every write is all-or-nothing: a reader sees the whole object or none.
 * A bucket that cannot be reached fails the operation with an OutageError
 * (../../http/service-unavailable.ts) within a bounded time, answered 503 by the app.
 */
import type { Readable } from 'node:stream';

export interface ObjectInfo {
  key: string;
  /** Bytes. */
  length: number;
  /** Changes whenever the content does (quoted, as HTTP and S3 give it). */
  etag: string;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
}

export interface PutOptions {
  contentType: string;
  cacheControl?: string;
}

export interface ObjectStorage {
  /** 'disk' or 's3', for logs and messages only: callers never branch on it. */
  readonly kind: 'disk' | 's3';
  /** Where the objects are, for people ("/srv/data/uploads", "s3://bucket"). */
  readonly location: string;
  put(key: string, data: Buffer, options: PutOptions): Promise<void>;
  /** The object as a stream, or null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object, once each (backups and restores). */
  list(): AsyncIterable<ObjectInfo>;
  /** Releases connections (the S3 client's sockets); the storage is unusable after. */
  close(): Promise<void>;
}

/**
 * Keys as the store writes them: '/'-separated parts of lowercase letters, digits,
 * dots, dashes and underscores, none starting with a dot. So no key can leave its
 * folder ("..") or name a hidden one (".tmp"), and none means something else to a bucket ("/x", "a//b").
 */
const KEY_PATTERN = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/;

export function checkKey(key: string): string {
  if (key.length > 512 || !KEY_PATTERN.test(key)) {
    throw new Error(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
  return key;
}
