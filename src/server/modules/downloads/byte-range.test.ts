import { describe, expect, test } from 'vitest';
import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  test.each([
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-2000', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
  ])('%s of a 1000-byte file', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });

  test.each([undefined, '', 'bytes=', 'bytes=-', 'bytes=5-2', 'items=0-5', 'bytes=0-1,5-9', 'bytes=a-b'])(
    '%s is ignored: the whole file is sent',
    (header) => {
      expect(parseByteRange(header, 1000)).toEqual({ kind: 'whole' });
    },
  );
});
