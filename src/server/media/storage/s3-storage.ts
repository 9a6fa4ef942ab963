/**
 * Objects in an S3-compatible bucket through one kept client per process
 * (@aws-sdk/client-s3, docs/decisions/018-object-storage.md). Its sockets are
 * kept alive and reused; app.close() (or close()) releases them.
 *
 * A bucket that cannot be reached (refused, reset, silent, answering 5xx) is a
 * fault outside the app (docs/decisions/025-faults.md): each operation, all of the
 * SDK's retries included, gets OPERATION_TIMEOUT_MS, and its failure is thrown as an
 * OutageError, which the app answers 503 with a message saying so.
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
import { NETWORK_CODES, OutageError } from '../../http/service-unavailable.ts';
import { checkKey, type ObjectInfo, type ObjectStorage, type PutOptions, type StoredObject } from './object-storage.ts';
import type { S3Settings } from './s3-settings.ts';

/** A bucket that does not answer in time must not hold a shopper's request (or a process's shutdown) for long. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * One operation, every attempt the SDK makes included (it retries with backoff), up
 * to its answer's headers: a picture's PUT is at most a few hundred kB. Past it the
 * operation is aborted and the caller told the bucket is unavailable.
 */
export const OPERATION_TIMEOUT_MS = 10_000;

function isUnreachable(err: unknown): boolean {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500;
  return e?.name === 'AbortError' || e?.name === 'TimeoutError' || (!!e?.code && NETWORK_CODES.has(e.code));
}

/**
 * Runs one bucket operation with OPERATION_TIMEOUT_MS: past it the SDK's request is
 * aborted and the promise rejects at once (even should the SDK not notice the abort).
 * An unreachable bucket becomes an OutageError; a missing object or a refusal stays as it is.
 */
async function within<T>(what: string, run: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = Object.assign(new Error(`no answer from the bucket within ${OPERATION_TIMEOUT_MS} ms`), {
        name: 'TimeoutError',
      });
      controller.abort(error);
      reject(error);
    }, OPERATION_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } catch (err) {
    if (isNotFound(err) || !isUnreachable(err)) throw err;
    const { code, message } = err as { code?: string; message?: string };
    throw new OutageError('pictures', `the picture bucket is unavailable (${what}): ${code ?? ''} ${message ?? ''}`, {
      cause: err,
    });
  } finally {
    clearTimeout(timer);
  }
}

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
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: checkKey(key),
      Body: data,
      ContentLength: data.length,
      ContentType: options.contentType,
      ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
    });
    await within('put', (abortSignal) => this.client.send(command, { abortSignal }));
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const command = new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) });
      // The deadline covers the answer's headers; the body then streams at the reader's pace.
      const out = await within('get', (abortSignal) => this.client.send(command, { abortSignal }));
      if (!out.Body) return null;
      return { key, length: Number(out.ContentLength ?? 0), etag: out.ETag ?? '""', body: out.Body as Readable };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const command = new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) });
      const out = await within('head', (abortSignal) => this.client.send(command, { abortSignal }));
      return { key, length: Number(out.ContentLength ?? 0), etag: out.ETag ?? '""' };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const command = new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) });
    await within('delete', (abortSignal) => this.client.send(command, { abortSignal }));
  }

  async *list(): AsyncIterable<ObjectInfo> {
    let token: string | undefined;
    do {
      const command = new ListObjectsV2Command({ Bucket: this.bucket, ...(token ? { ContinuationToken: token } : {}) });
      const page = await within('list', (abortSignal) => this.client.send(command, { abortSignal }));
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
