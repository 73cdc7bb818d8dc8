import { expect, test } from 'vitest';
import type { AdminDiscount } from '../../../shared/contracts/endpoints/admin-discounts.schemas';
import { codeStates, countryName, endsInThePast, plural } from './discount-words';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const code = (values: Partial<AdminDiscount>): AdminDiscount => ({
  id: '00000000-0000-4000-8000-000000000000',
  code: 'BIENVENUE',
  kind: 'percent',
  value: '10',
  minimumCart: null,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerEmail: null,
  guideIds: [],
  countries: [],
  locale: null,
  paused: false,
  uses: { held: 0, used: 0 },
  createdAt: '2026-11-01T00:00:00Z',
  ...values,
});

test('a code that takes no order says why: paused, expired, not started, used up', () => {
  expect(codeStates(code({}), NOW)).toEqual([]);
  expect(codeStates(code({ paused: true }), NOW)).toEqual(['Paused']);
  expect(codeStates(code({ validUntil: '2026-11-25T00:00:00Z' }), NOW)).toEqual(['Expired']);
  expect(codeStates(code({ validFrom: '2026-12-01T00:00:00Z' }), NOW)).toEqual(['Not started']);
  expect(codeStates(code({ maxUses: 10, uses: { held: 0, used: 10 } }), NOW)).toEqual(['Used up']);
  expect(codeStates(code({ maxUses: 10, uses: { held: 3, used: 9 } }), NOW)).toEqual([]);
});

test('countries read as names and counts are pluralised', () => {
  expect(countryName('cote-divoire')).toBe('Côte d’Ivoire');
  expect(countryName('maroc')).toBe('Morocco');
  expect(plural(1, 'use')).toBe('1 use');
  expect(plural(3, 'use')).toBe('3 uses');
});

test('an end date already past is caught before saving; none or a future one is not', () => {
  expect(endsInThePast('2026-11-20T10:00', NOW)).toBe(true);
  expect(endsInThePast('2026-12-20T10:00', NOW)).toBe(false);
  expect(endsInThePast('', NOW)).toBe(false);
  expect(endsInThePast('not a date', NOW)).toBe(false);
});
