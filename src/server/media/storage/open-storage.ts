/**
 * The store's picture storage as configured: the bucket when S3_BUCKET is set,
 * DATA_DIR/uploads otherwise (docs/decisions/018-object-storage.md).
 */
import type { Config } from '../../config.ts';
import { DiskStorage } from './disk-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { S3Storage } from './s3-storage.ts';

export function openStorage(config: Pick<Config, 'uploadsDir' | 's3'>): ObjectStorage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(config.uploadsDir);
}
