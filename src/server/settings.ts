import { z } from 'zod';

/**
 * The pieces every settings schema is built from (config.ts and the adapters' `*-settings.ts`),
 * and the error a bad environment raises.
 */
export class ConfigError extends Error {}

/** An unset or blank variable is undefined. */
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/** true/1/yes or false/0/no; undefined when unset. */
export const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));

/** An http(s) address (z.url() alone also takes mailto:, ftp: and others). */
export const httpUrl = z.url().refine((v) => /^https?:\/\//.test(v), 'must be an http(s) address');

/** Settings by name, each read from one environment variable: `{ port: ['PORT', schema] }`. */
type Variables = Record<string, readonly [variable: string, schema: z.ZodType]>;

/**
 * A settings schema, one line a setting: `fromEnv({ port: ['PORT', z.coerce.number()] })` reads
 * PORT from the environment and gives `{ port }`, typed from the schema; a bad value's error names
 * the variable. Sections add what is derived with `.transform`.
 */
export function fromEnv<V extends Variables>(variables: V) {
  return z.object(Object.fromEntries(Object.values(variables))).transform(
    (env) =>
      Object.fromEntries(Object.entries(variables).map(([key, [variable]]) => [key, env[variable]])) as {
        [K in keyof V]: z.output<V[K][1]>;
      },
  );
}

/** The environment variables a settings schema reads (the object inside its transforms). */
export function variablesOf(schema: z.ZodType): string[] {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodPipe) inner = inner.in as z.ZodType;
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
}

/** Comma-separated ISO 3166-1 alpha-2 country codes ("IE,US"); empty when unset. */
export const countryList = optionalString.pipe(
  z
    .string()
    .regex(/^[A-Za-z]{2}(,\s*[A-Za-z]{2})*$/, 'must be country codes separated by commas, e.g. IE,US')
    .optional()
    .transform((v) => (v ? v.split(',').map((code) => code.trim().toUpperCase()) : [])),
);
