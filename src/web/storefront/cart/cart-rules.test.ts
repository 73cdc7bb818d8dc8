import { describe, expect, test } from 'vitest';
import {
  addItem,
  type CartGuide,
  itemCount,
  removeItem,
  setQuantity,
  toCartGuide,
  totalCents,
} from './cart-rules';

const guide = (id: string, price: string | number = '10.00'): CartGuide => ({
  id,
  slug: `guide-${id}`,
  title: `Guide ${id}`,
  price,
  imageUrl: null,
  locale: 'fr',
});

describe('cart rules (storefront spec §4)', () => {
  test('adding a new guide appends it with quantity 1 by default', () => {
    expect(addItem([], guide('a'))).toEqual([{ guide: guide('a'), quantity: 1 }]);
  });

  test('adding a guide already there adds to its quantity, by the amount given', () => {
    const once = addItem([], guide('a'));
    expect(addItem(once, guide('a'))).toEqual([{ guide: guide('a'), quantity: 2 }]);
    expect(addItem(once, guide('a'), 3)).toEqual([{ guide: guide('a'), quantity: 4 }]);
  });

  test('setting a quantity changes it; 0 or less removes the item', () => {
    const cart = addItem(addItem([], guide('a')), guide('b'));
    expect(setQuantity(cart, 'a', 5).find((i) => i.guide.id === 'a')?.quantity).toBe(5);
    expect(setQuantity(cart, 'a', 0).map((i) => i.guide.id)).toEqual(['b']);
    expect(setQuantity(cart, 'a', -2).map((i) => i.guide.id)).toEqual(['b']);
  });

  test('removing an item keeps the others in order', () => {
    const cart = [guide('a'), guide('b'), guide('c')].reduce(
      (c, g) => addItem(c, g),
      [] as ReturnType<typeof addItem>,
    );
    expect(removeItem(cart, 'b').map((i) => i.guide.id)).toEqual(['a', 'c']);
  });

  test('the count is the sum of quantities', () => {
    expect(itemCount(addItem(addItem([], guide('a'), 2), guide('b'), 3))).toBe(5);
    expect(itemCount([])).toBe(0);
  });

  test('the total is price × quantity summed, in cents; an invalid price counts 0', () => {
    const cart = [
      { guide: guide('a', '12.50'), quantity: 2 },
      { guide: guide('b', 4.99), quantity: 1 },
      { guide: guide('c', 'not a price'), quantity: 3 },
      { guide: guide('d', ''), quantity: 1 },
    ];
    expect(totalCents(cart)).toBe(2500 + 499);
  });

  test('a guide kept in the cart carries only what the cart needs', () => {
    const full = { ...guide('a'), description: 'long text', rating: '4.5' };
    expect(toCartGuide(full)).toEqual(guide('a'));
  });
});
