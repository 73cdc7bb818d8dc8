import { createHash } from 'node:crypto';

/** Who a data request is about: an email, a phone number, or both, normalised. */
export interface Person {
  email: string | null;
  /** Digits only, no leading zeros of an international prefix (00). */
  phoneDigits: string | null;
}

/** The address every erased order carries instead of the buyer's: never delivered (.invalid, RFC 2606). */
export const ERASED_EMAIL = 'erased@erased.invalid';
export const ERASED_TEXT = 'erased';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const normalisePhone = (phone: string) => phone.replace(/\D/g, '').replace(/^00/, '');

/** The one-way hash the suppression list keeps: no personal value is stored with it. */
export function personHash(kind: 'email' | 'phone', value: string): string {
  const normal = kind === 'email' ? normaliseEmail(value) : normalisePhone(value);
  return createHash('sha256').update(`${kind}:${normal}`).digest('hex');
}
