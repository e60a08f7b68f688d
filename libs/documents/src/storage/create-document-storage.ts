import { resolve } from 'node:path';
import type { Settings } from '@rxbridge/platform';
import type { DocumentStorage } from './document-storage';
import { LocalDiskStorage } from './local-disk.storage';
import { S3Storage } from './s3.storage';

/** The document storage the settings name: local disk by default, an S3-compatible bucket in production. */
export function createDocumentStorage(s: Settings): DocumentStorage {
  if (s.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      endpoint: s.S3_ENDPOINT,
      region: s.S3_REGION!,
      bucket: s.S3_BUCKET!,
      accessKeyId: s.S3_ACCESS_KEY_ID,
      secretAccessKey: s.S3_SECRET_ACCESS_KEY,
      forcePathStyle: s.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskStorage(resolve(s.STORAGE_DIR));
}
