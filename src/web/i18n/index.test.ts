import { describe, expect, test, vi } from 'vitest';
import { isSingular, loadLocale, translator, typeset } from './index';

describe('dictionaries', () => {
  test('each language is there once loaded, and not before (French too: a chunk of its own)', async () => {
    // A fresh copy of the module: test files share one, and another may have loaded both languages.
    vi.resetModules();
    const { loadLocale, translator } = await import('./index');
    expect(() => translator('fr')).toThrow('before loadLocale(fr)');
    expect(() => translator('en')).toThrow('before loadLocale(en)');
    await loadLocale('fr');
    expect(translator('fr')('cart.open')).toBe('Ouvrir le panier');
    expect(() => translator('en')).toThrow('before loadLocale(en)');
    await loadLocale('en');
    expect(translator('en')('cart.items', { count: 2 })).toBe('2 items in cart');
  });
});

describe('French typography and plurals', () => {
  test('French keeps ! ? : ; and » on the line of the word before them; English is left alone', async () => {
    await loadLocale('fr');
    expect(typeset('fr', 'Commande terminée ! Prêt ? Oui : non ; « guide »')).toBe(
      'Commande terminée\u00a0! Prêt\u00a0? Oui\u00a0: non\u00a0; «\u00a0guide\u00a0»',
    );
    expect(typeset('en', 'Order complete !')).toBe('Order complete !');
    expect(translator('fr')('page.lastUpdated', { date: '3 mars' })).toBe(
      'Dernière mise à jour\u00a0: 3 mars',
    );
    // A value is put in as it is: an address keeps its colon.
    expect(translator('fr')('home.searchTitle', { term: 'a : b' })).toBe(
      'Résultats de recherche pour «\u00a0a : b\u00a0»',
    );
  });

  test('singular for one in English, for zero and one in French', () => {
    expect([0, 1, 2].map((n) => isSingular('en', n))).toEqual([false, true, false]);
    expect([0, 1, 2].map((n) => isSingular('fr', n))).toEqual([true, true, false]);
  });
});
