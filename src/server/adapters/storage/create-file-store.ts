import type { FileStore } from './file-store';
import { createLocalFileStore } from './local';
import type { S3FileStore } from './s3';
import type { S3Settings } from './storage-settings';

/** The bucket when S3_BUCKET is set, else the local folder under DATA_DIR. */
export function createFileStore(config: {
  s3: S3Settings | undefined;
  filesDir: string;
  uploads?: { minFreeBytes: number };
}): FileStore {
  return config.s3
    ? lazyS3FileStore(config.s3)
    : createLocalFileStore(config.filesDir, { minFreeBytes: config.uploads?.minFreeBytes });
}

/**
 * The bucket's store, with the AWS SDK imported on its first use (loading the SDK took
 * ~0.4 s of every start, also of shops that keep their files on disk and never use it).
 */
function lazyS3FileStore(settings: S3Settings): FileStore {
  let loaded: Promise<S3FileStore> | undefined;
  const store = () => {
    loaded ??= import('./s3').then(({ createS3FileStore }) => createS3FileStore(settings));
    return loaded;
  };
  return {
    put: async (key, data) => (await store()).put(key, data),
    stream: async (key, range) => (await store()).stream(key, range),
    read: async (key) => (await store()).read(key),
    stat: async (key) => (await store()).stat(key),
    exists: async (key) => (await store()).exists(key),
    delete: async (key) => (await store()).delete(key),
    check: async () => (await store()).check(),
    presignedDownloadUrl: async (key, options) => (await store()).presignedDownloadUrl(key, options),
  };
}
