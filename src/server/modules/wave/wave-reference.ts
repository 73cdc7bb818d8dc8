/**
 * How a Wave checkout session sits on an order: `orders.provider_transaction_id` holds it as
 * `wave:<session id>`, so one session completes at most one order (the column is unique) and the
 * CinetPay code never mistakes it for one of its transactions (docs/features/wave.md).
 */
export const WAVE_PREFIX = 'wave:';
/** `orders.verified_by` and `payment_provider` of an order Wave confirmed. */
export const WAVE_VERIFIED_BY = 'wave';

export const waveReferenceOf = (sessionId: string) => `${WAVE_PREFIX}${sessionId}`;

/** The Wave session id an order's transaction column holds, if it holds one. */
export function waveSessionIdOf(transaction: string | null | undefined): string | undefined {
  return transaction?.startsWith(WAVE_PREFIX) ? transaction.slice(WAVE_PREFIX.length) : undefined;
}

/** Euro cents to the whole XOF Wave takes: 655.957 per euro, rounded up so the shop never gets less. */
export function waveAmountXof(totalCents: number): number {
  if (!Number.isInteger(totalCents) || totalCents < 0)
    throw new RangeError(`Bad amount: ${totalCents} cents`);
  return Math.ceil((totalCents * 655_957) / 100_000);
}
