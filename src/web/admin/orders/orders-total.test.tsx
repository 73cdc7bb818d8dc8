import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { OrdersTotal } from './orders-total';

const text = (total: number, totalIsAtLeast: boolean, filtered = true) =>
  renderToStaticMarkup(<OrdersTotal list={{ total, totalIsAtLeast }} filtered={filtered} />).replace(
    /<[^>]+>/g,
    '',
  );

describe('OrdersTotal', () => {
  test('counts exactly, or up to 1,000 with a plus', () => {
    expect(text(1, false, false)).toBe('1 order');
    expect(text(120, false)).toBe('120 orders matching');
    expect(text(1000, true, false)).toBe('1,000+ orders');
  });

  test('says why the count stopped at 100', () => {
    expect(text(100, true)).toBe(
      '100+ orders matching (with a guide and another filter, counting stops at 100)',
    );
    expect(text(100, false)).toBe('100 orders matching');
  });
});
