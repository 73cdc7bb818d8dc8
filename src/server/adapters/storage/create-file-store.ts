import type { FileStore } from './file-store';
import { createLocalFileStore } from './local';
import { createS3FileStore } from './s3';
import type { S3Settings } from './storage-settings';

/** The bucket when S3_BUCKET is set, else the local folder under DATA_DIR. */
export function createFileStore(config: {
  s3: S3Settings | undefined;
  filesDir: string;
  uploads?: { minFreeBytes: number };
}): FileStore {
  return config.s3
    ? createS3FileStore(config.s3)
    : createLocalFileStore(config.filesDir, { minFreeBytes: config.uploads?.minFreeBytes });
}
