import { z } from 'zod';
import { boolish, countryList, fromEnv, optionalString } from '../../settings';

/** The S3 bucket when S3_BUCKET is set; undefined keeps files in the local folder. */
export const storageSettings = fromEnv({
  bucket: ['S3_BUCKET', optionalString],
  region: ['S3_REGION', z.string().default('us-east-1')],
  /** For S3-compatible services (R2, MinIO, Spaces); AWS itself needs none. */
  endpoint: ['S3_ENDPOINT', optionalString.pipe(z.url().optional())],
  accessKeyId: ['S3_ACCESS_KEY_ID', optionalString],
  secretAccessKey: ['S3_SECRET_ACCESS_KEY', optionalString],
  /** Default: path-style addressing when an endpoint is given. */
  forcePathStyle: ['S3_FORCE_PATH_STYLE', boolish],
  /** Where the bucket's provider keeps the files, for the privacy page's list of processors. */
  countries: ['S3_PROVIDER_COUNTRIES', countryList],
}).transform(({ bucket, forcePathStyle, ...s3 }) =>
  bucket ? { ...s3, bucket, forcePathStyle: forcePathStyle ?? Boolean(s3.endpoint) } : undefined,
);

/** What the file store needs (the countries are for the privacy page only). */
export type S3Settings = Omit<NonNullable<z.infer<typeof storageSettings>>, 'countries'>;
