import { describe, expect, test } from 'vitest';
import { formatBytes, formatFileSize } from './format';

describe('formatFileSize', () => {
  test.each([
    [0, 'fr', ''],
    [null, 'en', ''],
    [512, 'en', '512 B'],
    [2_516_582, 'fr', '2,4 Mo'],
    [2_516_582, 'en', '2.4 MB'],
    [52_428_800, 'en', '50 MB'],
  ] as const)('%s bytes in %s is "%s"', (bytes, locale, expected) => {
    expect(formatFileSize(bytes, locale).replace(/\u202f|\u00a0/g, ' ')).toBe(expected);
  });
});

describe('formatBytes', () => {
  test('a size always has its unit, nothing included', () => {
    expect(formatBytes(0, 'fr')).toBe('0 o');
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(2_516_582, 'fr')).toBe('2,4 Mo');
  });
});
