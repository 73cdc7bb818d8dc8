import { describe, expect, it } from 'vitest';
import { isPaidOnOrder, METHOD, PAYMENT_METHOD_VALUES, paymentMethodLabel } from './payment-methods';

describe('PAYMENT_METHODS', () => {
  it('keeps the database values and their order', () => {
    expect(PAYMENT_METHOD_VALUES).toEqual(['stripe', 'djamo', 'free']);
  });

  it('says which methods are paid when the order is placed', () => {
    expect(isPaidOnOrder(METHOD.card)).toBe(true);
    expect(isPaidOnOrder(METHOD.free)).toBe(true);
    expect(isPaidOnOrder(METHOD.mobileMoney)).toBe(false);
  });

  it('labels each method for the admin', () => {
    expect(paymentMethodLabel('stripe')).toBe('Card - Stripe');
    expect(paymentMethodLabel('djamo', 'Wave')).toBe('Mobile Money (Wave)');
    expect(paymentMethodLabel('djamo', 'mobile_money')).toBe('Mobile Money');
    expect(paymentMethodLabel('djamo', 'wave')).toBe('Wave');
    expect(paymentMethodLabel('free')).toBe('Free');
    expect(paymentMethodLabel('paypal')).toBe('Paypal');
    expect(paymentMethodLabel(null)).toBe('N/A');
  });
});
