import { describe, expect, test } from 'vitest';
import { FormEncodingError, parseStripeForm } from './form-encoding';

describe('parseStripeForm', () => {
  test('reads bracket keys into nested objects, as the Stripe SDK writes them', () => {
    expect(
      parseStripeForm(
        'amount=900&currency=eur&metadata[email]=a%40b.fr&metadata[items_0]=x%3A1%2Cy%3A2&automatic_payment_methods[enabled]=true',
      ),
    ).toEqual({
      amount: '900',
      currency: 'eur',
      metadata: { email: 'a@b.fr', items_0: 'x:1,y:2' },
      automatic_payment_methods: { enabled: 'true' },
    });
  });

  test('indexed and empty brackets make arrays', () => {
    expect(
      parseStripeForm('payment_method_types[0]=card&payment_method_types[1]=link&expand[]=a&expand[]=b'),
    ).toEqual({ payment_method_types: ['card', 'link'], expand: ['a', 'b'] });
  });

  test('three levels deep, and encoded brackets in keys', () => {
    expect(parseStripeForm('payment_method_data%5Bcard%5D%5Bnumber%5D=4242424242424242')).toEqual({
      payment_method_data: { card: { number: '4242424242424242' } },
    });
  });

  test.each([
    ['__proto__[polluted]=1'],
    ['metadata[__proto__]=1'],
    ['a=1&a[b]=2'],
    ['a[b]=2&a=1'],
    ['a]b=1'],
  ])('refuses %s', (body) => {
    expect(() => parseStripeForm(body)).toThrow(FormEncodingError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
