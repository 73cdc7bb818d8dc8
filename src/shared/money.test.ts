import { describe, expect, test } from 'vitest';
import { centsToDecimal, centsToFcfa, formatPrice, toCents } from './money';

describe('prices', () => {
  test.each([
    ['25.00', '16 399 FCFA (25 €)'],
    ['9.00', '5 904 FCFA (9 €)'],
    ['12.50', '8 199 FCFA (13 €)'],
    [0, '0 FCFA (0 €)'],
    ['', '0 FCFA (0 €)'],
    ['abc', '0 FCFA (0 €)'],
    [null, '0 FCFA (0 €)'],
    [1524.5, '1 000 006 FCFA (1 525 €)'],
  ])('formatPrice(%j) is %s', (input, expected) => {
    expect(formatPrice(input)).toBe(expected);
  });

  test('cents round-trip through the decimal string stored in the database', () => {
    expect(toCents('19.90')).toBe(1990);
    expect(toCents('0.1')).toBe(10);
    expect(centsToDecimal(1990)).toBe('19.90');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToFcfa(100)).toBe(656);
  });
});
