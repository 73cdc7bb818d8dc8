import { z } from 'zod';
import { boolish, optionalString } from '../../settings';

/** The S3 bucket when S3_BUCKET is set; undefined keeps files in the local folder. */
export const storageSettings = z
  .object({
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default('us-east-1'),
    /** For S3-compatible services (R2, MinIO, Spaces); AWS itself needs none. */
    S3_ENDPOINT: optionalString.pipe(z.url().optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Default: path-style addressing when an endpoint is given. */
    S3_FORCE_PATH_STYLE: boolish,
  })
  .transform((e) =>
    e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
  );

export type S3Settings = NonNullable<z.infer<typeof storageSettings>>;
