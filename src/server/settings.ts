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
