import { describe, expect, test } from 'vitest';
import { loadLocale, translator } from './index';

describe('dictionaries', () => {
  test('each language is there once loaded, and not before (French too: a chunk of its own, issue 21)', async () => {
    expect(() => translator('fr')).toThrow('before loadLocale(fr)');
    expect(() => translator('en')).toThrow('before loadLocale(en)');
    await loadLocale('fr');
    expect(translator('fr')('cart.open')).toBe('Ouvrir le panier');
    expect(() => translator('en')).toThrow('before loadLocale(en)');
    await loadLocale('en');
    expect(translator('en')('cart.items', { count: 2 })).toBe('2 item(s) in cart');
  });
});
