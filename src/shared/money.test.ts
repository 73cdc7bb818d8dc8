import { describe, expect, test } from 'vitest';
import {
  centsToDecimal,
  centsToFcfa,
  displayPrice,
  formatEuros,
  formatFcfa,
  formatFcfaAmount,
  formatPrice,
  toCents,
} from './money';

describe('prices', () => {
  test.each([
    ['25.00', '16 399 FCFA (25 €)', '16 399 FCFA (€25)'],
    ['9.00', '5 904 FCFA (9 €)', '5 904 FCFA (€9)'],
    ['12.50', '8 199 FCFA (12,50 €)', '8 199 FCFA (€12.50)'],
    ['37.50', '24 598 FCFA (37,50 €)', '24 598 FCFA (€37.50)'],
    ['19.90', '13 054 FCFA (19,90 €)', '13 054 FCFA (€19.90)'],
    ['0.05', '33 FCFA (0,05 €)', '33 FCFA (€0.05)'],
    [0, '0 FCFA (0 €)', '0 FCFA (€0)'],
    ['', '0 FCFA (0 €)', '0 FCFA (€0)'],
    ['abc', '0 FCFA (0 €)', '0 FCFA (€0)'],
    [null, '0 FCFA (0 €)', '0 FCFA (€0)'],
    [1524.5, '1 000 006 FCFA (1 524,50 €)', '1 000 006 FCFA (€1,524.50)'],
  ])(
    'formatPrice(%j) is %s in French and %s in English: francs grouped by spaces in both',
    (input, fr, en) => {
      expect(formatPrice(input, 'fr')).toBe(fr);
      expect(formatPrice(input, 'en')).toBe(en);
    },
  );

  test('the euros shown are the cents charged: two lines of 12.50 € and one of 25 € add up to the total shown', () => {
    const line = formatEuros(1250, 'fr');
    expect(line).toBe('12,50 €');
    expect(formatEuros(2 * 1250 + 2500, 'fr')).toBe('50 €');
    expect(formatEuros(2 * 1250 + 1990, 'en')).toBe('€44.90');
    expect(formatFcfa(3750, 'fr')).toBe('24 598 FCFA');
  });

  test('cents round-trip through the decimal string stored in the database', () => {
    expect(toCents('19.90')).toBe(1990);
    expect(toCents('0.1')).toBe(10);
    expect(centsToDecimal(1990)).toBe('19.90');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToFcfa(100)).toBe(656);
  });

  test.each([
    [0, 'Gratuit', 'Free'],
    ['0.00', 'Gratuit', 'Free'],
    ['0.05', '33 FCFA (0,05 €)', '33 FCFA (€0.05)'],
    ['12.50', '8 199 FCFA (12,50 €)', '8 199 FCFA (€12.50)'],
  ])(
    'displayPrice(%j) is %s in French and %s in English: nothing to pay reads as a word',
    (input, fr, en) => {
      expect(displayPrice(input, 'fr')).toBe(fr);
      expect(displayPrice(input, 'en')).toBe(en);
    },
  );
});

test('francs are written with spaces between thousands in every language, as the spec writes "9 839 FCFA"', () => {
  expect(formatFcfaAmount(9839)).toBe('9 839 FCFA');
  expect(formatFcfa(1500, 'en')).toBe('9 839 FCFA');
  expect(formatFcfaAmount(1_000_006)).toBe('1 000 006 FCFA');
  expect(formatFcfaAmount(-9839)).toBe('-9 839 FCFA');
});
