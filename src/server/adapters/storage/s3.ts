import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertSafeKey,
  type ByteRange,
  FileNotFoundError,
  type FileStore,
  FileStoreUnwritableError,
} from './file-store';
import type { S3Settings } from './storage-settings';

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** A bucket that takes no more objects: over quota or full (507, MinIO's XMinioStorageFull), or not ours to write. */
const bucketRefusal = (error: unknown): string | undefined => {
  if (!(error instanceof S3ServiceException)) return undefined;
  if (
    error.$metadata.httpStatusCode === 507 ||
    /StorageFull|QuotaExceeded|InsufficientStorage/.test(error.name)
  ) {
    return 'the bucket is full';
  }
  if (error.name === 'AccessDenied' || error.$metadata.httpStatusCode === 403)
    return 'the bucket is read-only';
  return undefined;
};

/** The SDK client for the configured bucket, S3 itself or an S3-compatible service. */
function s3Client(config: S3Settings): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Many S3-compatible services reject the SDK's default streaming checksums; send them only when S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export type S3FileStore = FileStore & {
  client: S3Client;
  presignedDownloadUrl: NonNullable<FileStore['presignedDownloadUrl']>;
};

/**
 * Files in an S3-compatible bucket. Objects are private; a shopper reaches a file only through a
 * route that looks it up, or through a presigned URL that route hands out (15 minutes).
 */
export function createS3FileStore(config: S3Settings): S3FileStore {
  const client = s3Client(config);
  const Bucket = config.bucket;

  const stat = async (key: string) => {
    assertSafeKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  const get = async (key: string, range?: ByteRange) => {
    assertSafeKey(key);
    try {
      const object = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key);
      throw error;
    }
  };

  return {
    client,
    async put(key, data) {
      assertSafeKey(key);
      // A PUT is atomic in S3: readers see the old object or the whole new one, never a part.
      // lib-storage streams a Readable of unknown length in parts instead of buffering it whole.
      try {
        await new Upload({ client, params: { Bucket, Key: key, Body: data } }).done();
      } catch (error) {
        const refusal = bucketRefusal(error);
        throw refusal ? new FileStoreUnwritableError(refusal, { cause: error }) : error;
      }
      const stored = await stat(key);
      if (!stored) throw new Error(`The bucket did not keep ${key}`);
      return stored;
    },
    stream: get,
    async read(key) {
      const body = await get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== undefined;
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async presignedDownloadUrl(key, options) {
      assertSafeKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: options.contentDisposition,
        ResponseContentType: options.contentType,
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
  };
}
