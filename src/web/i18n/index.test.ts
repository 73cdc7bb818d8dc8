import { describe, expect, test } from 'vitest';
import { loadLocale, translator } from './index';

describe('dictionaries', () => {
  test('French is there at once; English once loaded, and not before', async () => {
    expect(translator('fr')('cart.open')).toBe('Ouvrir le panier');
    expect(() => translator('en')).toThrow('before loadLocale(en)');
    await loadLocale('en');
    expect(translator('en')('cart.items', { count: 2 })).toBe('2 item(s) in cart');
  });
});
