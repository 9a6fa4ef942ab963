/**
 * A real S3-compatible server for tests (s3rver, docs/decisions/018-object-storage.md):
 * its own process on loopback that checks SigV4 signatures and keeps its objects
 * in a temporary folder. Each test gets its own bucket, reached path-style as a
 * non-AWS server is.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { type S3Settings, s3Settings } from '../media/storage/s3-settings.ts';
import { newS3Client } from '../media/storage/s3-storage.ts';

/** s3rver accepts only its own key pair. */
const KEY = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } as const;

export interface TestS3Server {
  endpoint: string;
  /** A new, empty bucket; its name. */
  createBucket: () => Promise<string>;
  /** The store's environment for `bucket` (S3_BUCKET, S3_ENDPOINT, path style, the key pair). */
  env: (bucket: string) => Record<string, string>;
  settings: (bucket: string) => S3Settings;
  close: () => Promise<void>;
}

const S3RVER_BIN = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');

/**
 * Starts s3rver on a free loopback port. OpenSSL's legacy provider: s3rver makes its
 * listing continuation tokens with DES, which OpenSSL 3 refuses otherwise (a
 * listing of more than 1000 keys then fails with InternalError).
 */
function runS3rver(directory: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', S3RVER_BIN, '-d', directory, '-a', '127.0.0.1', '-p', '0', '--silent'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((done, fail) => {
    let output = '';
    const onData = (data: Buffer) => {
      output += data.toString();
      const port = output.match(/S3rver listening on [\d.]+:(\d+)/)?.[1];
      if (!port) return;
      child.stdout.off('data', onData);
      done({
        port: Number(port),
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (data: Buffer) => {
      output += data.toString();
    });
    void exited.then(() => fail(new Error(`s3rver exited before listening:\n${output}`)));
  });
}

/** A bucket server's settings for the store, and a fresh bucket on it, by its address. */
export function bucketAccess(endpoint: string) {
  const env = (bucket: string): Record<string, string> => ({
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    ...KEY,
  });
  const settings = (bucket: string) => s3Settings({ ...env(bucket), S3_FORCE_PATH_STYLE: true }) as S3Settings;
  return {
    endpoint,
    env,
    settings,
    createBucket: async () => {
      const bucket = `pictures-${randomBytes(5).toString('hex')}`;
      const client = newS3Client(settings(bucket));
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      } finally {
        client.destroy();
      }
      return bucket;
    },
  };
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'watch-s3-'));
  const server = await runS3rver(directory);
  return {
    ...bucketAccess(`http://127.0.0.1:${server.port}`),
    close: async () => {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
