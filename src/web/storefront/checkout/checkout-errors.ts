import type { z } from 'zod';
import { customerSchema } from '../../../shared/contracts/checkout';
import { ApiError } from '../../lib/api';

/**
 * What the checkout tells the shopper when something is refused, as message keys of messages.ts
 *: the form checks itself with the server's own zod schema (zod stays in
 * this lazy chunk), and a refusal from the server is read from its `field` / `code`, never shown
 * as the server's English text.
 */

export const CUSTOMER_FIELDS = ['email', 'firstName', 'lastName', 'mobile'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];
export type FieldProblem = 'required' | 'email' | 'tooLong' | 'name' | 'firstName' | 'mobile' | 'invalid';
export type FieldProblems = Partial<Record<CustomerField, FieldProblem>>;

const isCustomerField = (value: unknown): value is CustomerField =>
  CUSTOMER_FIELDS.includes(value as CustomerField);

function problemOf(field: CustomerField, issue: z.core.$ZodIssue, value: string): FieldProblem {
  if (value.trim() === '') return 'required';
  if (issue.code === 'too_big') return 'tooLong';
  if (field === 'email') return 'email';
  if (field === 'mobile') return 'mobile';
  if (issue.code === 'custom') return field === 'firstName' ? 'firstName' : 'name';
  return 'invalid';
}

/** The shopper's details checked by the server's schema: the first problem of each field. */
export function customerProblems(values: Record<CustomerField, string>): FieldProblems {
  const parsed = customerSchema.safeParse(values);
  if (parsed.success) return {};
  const problems: FieldProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isCustomerField(field) && !problems[field]) problems[field] = problemOf(field, issue, values[field]);
  }
  return problems;
}

/** A 400 naming one of the form's fields (`customer.email` or `email`), from the server's `field`. */
export function refusedField(error: unknown): CustomerField | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const field = error.field?.replace(/^customer\./, '');
  return isCustomerField(field) ? field : null;
}

/** The refusal's machine-readable `code`, when the server gave one. */
export const refusalCode = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.code : undefined;

/** Stripe's decline codes the shop words itself; any other decline reads as a generic one. */
const DECLINES = [
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'lost_card',
  'stolen_card',
  'incorrect_number',
] as const;
export type DeclineKey = `decline.${(typeof DECLINES)[number] | 'generic'}`;

export function declineMessageKey(error: unknown): DeclineKey {
  const code = refusalCode(error);
  const known = DECLINES.find((d) => d === code);
  return known ? `decline.${known}` : 'decline.generic';
}
