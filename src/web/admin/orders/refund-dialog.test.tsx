import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { type RefundableOrder, RefundButton } from './refund-dialog';

const order = (values: Partial<RefundableOrder>): RefundableOrder => ({
  id: '00000000-0000-4000-8000-000000000001',
  method: 'stripe',
  total: '9.00',
  refundedAmount: '0.00',
  currency: 'EUR',
  ...values,
});

describe('RefundButton', () => {
  test('is offered for a card or mobile-money order with money left to refund', () => {
    expect(renderToStaticMarkup(<RefundButton order={order({})} />)).toMatch(/<button[^>]*>Refund<\/button>/);
    expect(
      renderToStaticMarkup(<RefundButton order={order({ method: 'djamo', refundedAmount: '4.00' })} />),
    ).toContain('>Refund<');
  });

  test('is not offered for a free order, nor once everything is refunded', () => {
    expect(renderToStaticMarkup(<RefundButton order={order({ method: 'free', total: '0.00' })} />)).toBe('');
    expect(renderToStaticMarkup(<RefundButton order={order({ refundedAmount: '9.00' })} />)).toBe('');
  });
});
