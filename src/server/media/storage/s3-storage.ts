/**
 * Objects in an S3-compatible bucket through one kept client per process
 * (@aws-sdk/client-s3, docs/decisions/018-object-storage.md). Its sockets are
 * kept alive and reused; app.close() (or close()) releases them.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkKey, type ObjectInfo, type ObjectStorage, type PutOptions, type StoredObject } from './object-storage.ts';
import type { S3Settings } from './s3-settings.ts';

/** A bucket that does not answer in time must not hold a shopper's request (or a process's shutdown) for long. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export function newS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  readonly location: string;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly client: S3Client = newS3Client(settings),
  ) {
    this.bucket = settings.bucket;
    this.location = `s3://${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
  }

  async put(key: string, data: Buffer, options: PutOptions): Promise<void> {
    // Always a Buffer, never a stream: the SDK sends a stream as aws-chunked with a
    // trailing checksum, which some S3-compatible servers store as part of the object.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: options.contentType,
        ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      if (!out.Body) return null;
      return { key, length: Number(out.ContentLength ?? 0), etag: out.ETag ?? '""', body: out.Body as Readable };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return { key, length: Number(out.ContentLength ?? 0), etag: out.ETag ?? '""' };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async *list(): AsyncIterable<ObjectInfo> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, length: Number(item.Size ?? 0), etag: item.ETag ?? '""' };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
