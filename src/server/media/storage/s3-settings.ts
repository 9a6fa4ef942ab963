/**
 * The bucket's settings from the environment (README.md#configuration): S3_BUCKET
 * turns the bucket on; S3_ENDPOINT names a server that is not AWS; credentials
 * are AWS's usual variables, or, when absent, the SDK's own chain (an instance
 * role, ~/.aws). Checked with the rest of the configuration at start.
 */
import type { z } from 'zod';

export interface S3Settings {
  bucket: string;
  /** A non-AWS server (MinIO, Ceph, a provider's endpoint); AWS itself when undefined. */
  endpoint: string | undefined;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key. */
  forcePathStyle: boolean;
  region: string;
  /** Undefined: the SDK's default chain finds them. */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  /** Pages link pictures here (the bucket's or a CDN's address) instead of the app's /media. */
  publicUrl: string | undefined;
}

export interface S3Env {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
  S3_PUBLIC_URL?: string | undefined;
  AWS_REGION?: string | undefined;
  AWS_ACCESS_KEY_ID?: string | undefined;
  AWS_SECRET_ACCESS_KEY?: string | undefined;
  AWS_SESSION_TOKEN?: string | undefined;
}

/** Non-AWS servers take any region name; SigV4 still needs one. */
const DEFAULT_ENDPOINT_REGION = 'us-east-1';

/** Settings that only make sense together (a zod superRefine on the whole environment). */
export function checkS3Env(e: S3Env, ctx: z.RefinementCtx): void {
  const issue = (path: keyof S3Env, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!e.S3_BUCKET) {
    for (const name of ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const) {
      if (e[name] !== undefined) issue(name, 'is used only with S3_BUCKET: set S3_BUCKET too, or remove it');
    }
    return;
  }
  if (!e.S3_ENDPOINT && !e.AWS_REGION)
    issue('AWS_REGION', "must be set for an AWS bucket (the bucket's region, such as ap-south-1)");
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    issue(
      e.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID',
      'must be set together with the other AWS key',
    );
  }
}

export function s3Settings(e: S3Env): S3Settings | undefined {
  if (!e.S3_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    region: e.AWS_REGION ?? DEFAULT_ENDPOINT_REGION,
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}
