import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { fromEnv, optionalString, variablesOf } from './settings';

describe('fromEnv', () => {
  const section = fromEnv({
    port: ['SHOP_PORT', z.coerce.number().int().default(3000)],
    name: ['SHOP_NAME', optionalString],
  });

  test('gives each setting from its variable, with defaults and blanks as unset', () => {
    expect(section.parse({ SHOP_PORT: '8080', SHOP_NAME: ' ', OTHER: 'x' })).toEqual({
      port: 8080,
      name: undefined,
    });
    expect(section.parse({})).toEqual({ port: 3000, name: undefined });
  });

  test('names the variable, not the setting, in a refusal', () => {
    const result = section.safeParse({ SHOP_PORT: 'many' });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['SHOP_PORT']]);
  });

  test('the variables a section reads are found through its transforms', () => {
    expect(variablesOf(section.transform((s) => s.port))).toEqual(['SHOP_PORT', 'SHOP_NAME']);
  });
});
