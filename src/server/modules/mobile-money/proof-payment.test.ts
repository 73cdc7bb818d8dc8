import { describe, expect, test } from 'vitest';
import type { MobileMoneyProvider } from '../../adapters/mobile-money/provider';
import { cinetpayPayment } from './cinetpay-payment';
import { proofAction, proofStatus } from './proof-payment';

describe('receipt payment provider', () => {
  test('an order paid by receipt is paid once validated, failed once rejected or expired', () => {
    expect(proofStatus('completed')).toBe('paid');
    expect(proofStatus('rejected')).toBe('failed');
    expect(proofStatus('expired')).toBe('failed');
    expect(proofStatus('pending')).toBe('waiting');
    expect(proofStatus('pending_verification')).toBe('waiting');
  });

  test("the operator's decision is the notification", () => {
    expect(proofAction({ orderId: 'o1', decision: { kind: 'validate', verifiedBy: 'admin' } })).toEqual({
      action: 'complete',
      ref: 'o1',
      verifiedBy: 'admin',
    });
    expect(proofAction({ orderId: 'o1', decision: { kind: 'reject' } })).toEqual({
      action: 'fail',
      ref: 'o1',
    });
  });
});

describe('CinetPay payment provider', () => {
  const provider = {
    name: 'cinetpay',
    verifyNotification: (headers: Record<string, unknown>, fields: Record<string, string>) =>
      headers['x-token'] === 'good' ? fields.cpm_trans_id : undefined,
    checkPayment: async () => ({
      outcome: 'paid' as const,
      providerStatus: 'ACCEPTED',
      amount: 5000,
      currency: 'XOF',
      paymentMethod: 'OM',
    }),
  } as unknown as MobileMoneyProvider;

  test('a genuine notification asks for a check; a forged one is ignored', async () => {
    const cinetpay = cinetpayPayment(provider);
    const fields = { cpm_trans_id: 'GA1' };
    expect(await cinetpay.action({ headers: { 'x-token': 'good' }, fields })).toEqual({
      action: 'check',
      ref: 'GA1',
    });
    expect(await cinetpay.action({ headers: { 'x-token': 'forged' }, fields })).toEqual({ action: 'ignore' });
  });

  test("check passes on the provider's outcome, amount and word", async () => {
    await expect(cinetpayPayment(provider).check('GA1')).resolves.toMatchObject({
      status: 'paid',
      providerStatus: 'ACCEPTED',
      amount: 5000,
      currency: 'XOF',
    });
  });
});
