import type { Config } from '../../config';
import type { FileStore } from './file-store';
import { createLocalFileStore } from './local';
import { createS3FileStore } from './s3';

/** The bucket when S3_BUCKET is set, else the local folder under DATA_DIR. */
export function createFileStore(
  config: Pick<Config, 's3' | 'filesDir'> & Partial<Pick<Config, 'uploads'>>,
): FileStore {
  return config.s3
    ? createS3FileStore(config.s3)
    : createLocalFileStore(config.filesDir, { minFreeBytes: config.uploads?.minFreeBytes });
}
