import { describe, expect, test } from 'vitest';
import { formatDay, formatDuration, growth, percentage, rangeBounds } from './dashboard-format';

describe('rangeBounds', () => {
  test('7d is the seven UTC days ending with today, and the seven before', () => {
    const b = rangeBounds('7d', new Date('2026-03-15T23:59:59.999Z'));
    expect(b.start.toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(b.end.toISOString()).toBe('2026-03-16T00:00:00.000Z');
    expect(b.previousStart.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(b.days).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
  });

  test('a new UTC day starts a new range at midnight, whatever the server time zone', () => {
    expect(rangeBounds('30d', new Date('2026-03-16T00:00:00.000Z')).days.at(-1)).toBe('2026-03-16');
    expect(rangeBounds('90d', new Date('2026-03-15T12:00:00Z')).days).toHaveLength(90);
  });
});

describe('growth and percentage', () => {
  test('growth is the change in percent against the previous period', () => {
    expect(growth(30, 25)).toBe(20);
    expect(growth(1, 3)).toBe(-66.67);
    expect(growth(0, 4)).toBe(-100);
  });

  test('growth from nothing is null (not Infinity), and nothing from nothing is 0', () => {
    expect(growth(5, 0)).toBeNull();
    expect(growth(0, 0)).toBe(0);
  });

  test('percentage has two decimals and is 0 of nothing', () => {
    expect(percentage(1, 3)).toBe(33.33);
    expect(percentage(2, 3)).toBe(66.67);
    expect(percentage(3, 0)).toBe(0);
  });
});

describe('formatDuration and formatDay', () => {
  test.each([
    [0, '0s'],
    [499, '0s'],
    [45_000, '45s'],
    [59_600, '1m 00s'],
    [125_000, '2m 05s'],
    [3_725_000, '1h 02m'],
  ])('%d ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  test('a day label is the UTC day, in English', () => {
    expect(formatDay('2026-11-02')).toBe('Nov 2');
    expect(formatDay('2026-01-31')).toBe('Jan 31');
  });
});
