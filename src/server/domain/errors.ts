/**
 * What a service says when it refuses: the kind of refusal, a message safe to show the
 * caller, and where it helps, the field it is about and a machine-readable code a page can word in
 * its own language. Services know nothing of HTTP; the edge (http/errors.ts) maps each kind to a
 * status.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'not_found'
  | 'forbidden'
  | 'conflict'
  | 'gone'
  | 'payment_required'
  | 'too_many'
  | 'unavailable'
  /** An outside service (the card processor, the mobile-money provider) refused or failed. */
  | 'upstream_failed';

export interface DomainErrorDetails {
  /** The request field the refusal is about, as the client named it ("email", "items.0.guideId"). */
  field?: string;
  /** Stable, machine-readable: "card_declined", "receipt_limit", … */
  code?: string;
  /** For `too_many` and `unavailable`: when trying again makes sense. */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, details?: DomainErrorDetails) =>
  new DomainError('invalid', message, details);
export const notFound = (message: string, details?: DomainErrorDetails) =>
  new DomainError('not_found', message, details);
export const forbidden = (message: string, details?: DomainErrorDetails) =>
  new DomainError('forbidden', message, details);
export const conflict = (message: string, details?: DomainErrorDetails) =>
  new DomainError('conflict', message, details);
export const gone = (message: string, details?: DomainErrorDetails) =>
  new DomainError('gone', message, details);
export const paymentRequired = (message: string, details?: DomainErrorDetails) =>
  new DomainError('payment_required', message, details);
export const tooMany = (message: string, retryAfterSeconds: number, details?: DomainErrorDetails) =>
  new DomainError('too_many', message, { ...details, retryAfterSeconds });
export const unavailable = (message: string, retryAfterSeconds: number, details?: DomainErrorDetails) =>
  new DomainError('unavailable', message, { ...details, retryAfterSeconds });
export const upstreamFailed = (message: string, details?: DomainErrorDetails) =>
  new DomainError('upstream_failed', message, details);
