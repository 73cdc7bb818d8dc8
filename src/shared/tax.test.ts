import { describe, expect, test } from 'vitest';
import { amountBeforeTax, formatTaxRate, refundTaxOf, taxOf } from './tax';

describe('taxOf: one rounding rule, half up to the cent, in integers', () => {
  test('prices including tax: the tax is the part of the total at the rate', () => {
    // 2 × 9.00 less 10 % = 16.20; 16.20 × 18 / 118 = 2.4711… → 2.47
    expect(taxOf(1620, 1800, true)).toEqual({ totalCents: 1620, taxCents: 247, netCents: 1373 });
  });

  test('prices without tax: the tax is added on top', () => {
    expect(taxOf(1000, 1800, false)).toEqual({ totalCents: 1180, taxCents: 180, netCents: 1000 });
  });

  test('exactly half a cent rounds up; just below rounds down (added on top)', () => {
    // 0.25 × 2 % = 0.5 cent → 1; 0.24 × 2 % = 0.48 → 0; 0.26 → 0.52 → 1
    expect(taxOf(25, 200, false).taxCents).toBe(1);
    expect(taxOf(24, 200, false).taxCents).toBe(0);
    expect(taxOf(26, 200, false).taxCents).toBe(1);
  });

  test('exactly half a cent rounds up; just below rounds down (included)', () => {
    // 1.18 at 18 % holds exactly 0.18; 0.59 holds 0.09 exactly; 3 cents at 20 % hold 0.5 → 1
    expect(taxOf(118, 1800, true).taxCents).toBe(18);
    expect(taxOf(59, 1800, true).taxCents).toBe(9);
    expect(taxOf(3, 2000, true).taxCents).toBe(1);
    expect(taxOf(2, 2000, true).taxCents).toBe(0);
  });

  test('a rate or an amount of zero is no tax, and the float trap 0.1 + 0.2 does not arise', () => {
    expect(taxOf(0, 1800, true).taxCents).toBe(0);
    expect(taxOf(1234, 0, false)).toEqual({ totalCents: 1234, taxCents: 0, netCents: 1234 });
    // 1.15 × 5.5 % = 6.325 cents → 6 (a float multiplication gives 6.324999…)
    expect(taxOf(115, 550, false).taxCents).toBe(6);
  });

  test('large amounts stay exact', () => {
    expect(taxOf(10_000_000, 1800, true).taxCents).toBe(1_525_424);
  });

  test('refuses fractions of a cent and impossible rates', () => {
    expect(() => taxOf(10.5, 1800, true)).toThrow(RangeError);
    expect(() => taxOf(-1, 1800, true)).toThrow(RangeError);
    expect(() => taxOf(100, 10_001, true)).toThrow(RangeError);
  });
});

describe('refundTaxOf', () => {
  const order = { totalCents: 1620, taxCents: 247 };

  test('partial refunds that add up to the total give back exactly the tax', () => {
    const first = refundTaxOf(order, { refundedBeforeCents: 0, amountCents: 810 });
    const second = refundTaxOf(order, { refundedBeforeCents: 810, amountCents: 810 });
    expect(first + second).toBe(247);
    expect(first).toBe(124); // 247 / 2 = 123.5 → 124
  });

  test('three odd refunds still add up, and a refund past the total gives back nothing more', () => {
    const parts = [1, 1, 1618];
    let before = 0;
    let sum = 0;
    for (const amountCents of parts) {
      sum += refundTaxOf(order, { refundedBeforeCents: before, amountCents });
      before += amountCents;
    }
    expect(sum).toBe(247);
    expect(refundTaxOf(order, { refundedBeforeCents: 1620, amountCents: 100 })).toBe(0);
  });

  test('an order without tax refunds no tax', () => {
    expect(refundTaxOf({ totalCents: 1000, taxCents: 0 }, { refundedBeforeCents: 0, amountCents: 500 })).toBe(
      0,
    );
  });
});

test('amountBeforeTax finds the amount a taxed total came from', () => {
  expect(amountBeforeTax(1180, 1800, false)).toBe(1000);
  expect(amountBeforeTax(1620, 1800, true)).toBe(1620);
  for (let amount = 0; amount < 400; amount++) {
    expect(amountBeforeTax(taxOf(amount, 550, false).totalCents, 550, false)).toBe(amount);
  }
});

test('formatTaxRate writes the rate as each language does', () => {
  expect(formatTaxRate(1800, 'fr')).toBe('18 %');
  expect(formatTaxRate(550, 'fr')).toBe('5,5 %');
  expect(formatTaxRate(550, 'en')).toBe('5.5%');
});
