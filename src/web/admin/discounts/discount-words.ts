import type { AdminDiscount } from '../../../shared/contracts/endpoints/admin-discounts.schemas';
import type { CountrySlug } from '../../../shared/countries';

/** The destinations as the operator names them (the admin is in English). */
export const COUNTRY_NAMES: Record<CountrySlug, string> = {
  'cote-divoire': 'Côte d’Ivoire',
  senegal: 'Senegal',
  maroc: 'Morocco',
};
export const countryName = (slug: string) => COUNTRY_NAMES[slug as CountrySlug] ?? slug;

/** "1 use", "3 uses". */
export const plural = (n: number, one: string, other = `${one}s`) => `${n} ${n === 1 ? one : other}`;

/**
 * Why a code takes no order now, if it does not: paused, expired, not started yet, or used up.
 * Several can hold; the list shows each.
 */
export function codeStates(
  code: AdminDiscount,
  now = Date.now(),
): ('Paused' | 'Expired' | 'Not started' | 'Used up')[] {
  const states: ('Paused' | 'Expired' | 'Not started' | 'Used up')[] = [];
  if (code.paused) states.push('Paused');
  if (code.validUntil && Date.parse(code.validUntil) <= now) states.push('Expired');
  if (code.validFrom && Date.parse(code.validFrom) > now) states.push('Not started');
  if (code.maxUses !== null && code.uses.used >= code.maxUses) states.push('Used up');
  return states;
}

/** A code about to be saved that could never be used: its end is already past. */
export const endsInThePast = (validUntil: string, now = Date.now()) =>
  validUntil !== '' && !Number.isNaN(Date.parse(validUntil)) && Date.parse(validUntil) <= now;
