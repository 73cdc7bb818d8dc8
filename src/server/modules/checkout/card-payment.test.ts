import { describe, expect, test } from 'vitest';
import type { PaymentGateway, WebhookEvent } from '../../adapters/payments/card-gateway';
import { cardAction, cardPayment, cardStatus } from './card-payment';
import { encodeCheckoutMetadata } from './payment-metadata';

const shop = encodeCheckoutMetadata({
  customer: { email: 'a@example.com', firstName: 'Awa', lastName: 'Diallo', mobile: '+2250700000000' },
  locale: 'fr',
  items: [{ id: '00000000-0000-4000-8000-000000000001', quantity: 1, unitCents: 1500 }],
});
const event = (type: string, metadata = shop, object = 'payment_intent'): WebhookEvent => ({
  id: 'evt_1',
  type,
  object: { id: 'pi_12345678', object, metadata },
});

describe('card payment provider', () => {
  test("maps Stripe's statuses: only succeeded is paid, only canceled has failed", () => {
    expect(cardStatus('succeeded')).toBe('paid');
    expect(cardStatus('canceled')).toBe('failed');
    for (const status of ['requires_payment_method', 'requires_action', 'processing'] as const) {
      expect(cardStatus(status)).toBe('waiting');
    }
  });

  test("turns this shop's webhook events into actions and ignores the rest", () => {
    expect(cardAction(event('payment_intent.succeeded'))).toEqual({ action: 'complete', ref: 'pi_12345678' });
    expect(cardAction(event('payment_intent.canceled'))).toEqual({ action: 'fail', ref: 'pi_12345678' });
    expect(cardAction(event('payment_intent.created'))).toEqual({ action: 'ignore' });
    expect(cardAction(event('payment_intent.succeeded', { shop: 'another-shop' }))).toEqual({
      action: 'ignore',
    });
    expect(cardAction(event('payment_intent.succeeded', shop, 'charge'))).toEqual({ action: 'ignore' });
  });

  test('check answers in the shop words and refuses an intent Stripe does not know', async () => {
    const intent = {
      id: 'pi_12345678',
      status: 'succeeded' as const,
      amount: 1500,
      currency: 'eur',
      clientSecret: null,
      metadata: shop,
      livemode: false,
    };
    const gateway = {
      retrievePaymentIntent: async (id: string) => (id === intent.id ? intent : undefined),
    } as unknown as PaymentGateway;
    const card = cardPayment(gateway);
    await expect(card.check('pi_12345678')).resolves.toMatchObject({
      status: 'paid',
      providerStatus: 'succeeded',
      amount: 1500,
      currency: 'eur',
    });
    await expect(card.check('pi_unknown000')).rejects.toThrow(/No such PaymentIntent/);
  });
});
