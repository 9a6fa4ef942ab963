import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/watch-config-test' };
const failure = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('S3 settings', () => {
  it('keeps pictures on disk without S3_BUCKET', () => {
    expect(loadConfig(base).s3).toBeUndefined();
  });

  it('reads a non-AWS bucket with its endpoint, path style and key pair', () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'shop-pictures',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://pictures.example.in/',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      bucket: 'shop-pictures',
      endpoint: 'https://s3.example.com',
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      publicUrl: 'https://pictures.example.in',
    });
  });

  it('leaves AWS credentials to the SDK’s own chain when no keys are given', () => {
    const config = loadConfig({ ...base, S3_BUCKET: 'shop-pictures', AWS_REGION: 'ap-south-1' });
    expect(config.s3).toMatchObject({ region: 'ap-south-1', endpoint: undefined, credentials: undefined });
  });

  it('names every setting that cannot work', () => {
    expect(failure({ S3_BUCKET: 'shop-pictures' })).toContain(
      "AWS_REGION: must be set for an AWS bucket (the bucket's region, such as ap-south-1)",
    );
    expect(failure({ S3_ENDPOINT: 'https://s3.example.com', S3_PUBLIC_URL: 'https://cdn.example.in' })).toMatch(
      /S3_ENDPOINT: is used only with S3_BUCKET[^\n]*\n {2}S3_PUBLIC_URL: is used only with S3_BUCKET/,
    );
    expect(failure({ S3_BUCKET: 'Shop_Pictures', AWS_REGION: 'ap-south-1' })).toContain(
      'S3_BUCKET: must be a bucket name',
    );
    expect(failure({ S3_BUCKET: 'shop-pictures', AWS_REGION: 'ap-south-1', AWS_ACCESS_KEY_ID: 'AKID' })).toContain(
      'AWS_SECRET_ACCESS_KEY: must be set together with the other AWS key',
    );
    expect(failure({ S3_BUCKET: 'shop-pictures', S3_ENDPOINT: 'not a url' })).toContain('S3_ENDPOINT: must be a URL');
  });
});

describe('TRUST_PROXY', () => {
  it('takes the proxy’s addresses or networks', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, ::1,loopback' }).trustProxy).toBe(
      '10.0.0.0/8, ::1,loopback',
    );
    expect(loadConfig(base).trustProxy).toBeUndefined();
  });

  it('refuses anything else', () => {
    for (const bad of ['*', 'true', 'caddy.local', '127.0.0.1;rm']) {
      expect(failure({ TRUST_PROXY: bad })).toContain('TRUST_PROXY: must be the proxy');
    }
  });
});
