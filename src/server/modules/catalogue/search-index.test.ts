import { describe, expect, test } from 'vitest';
import type { Guide } from '../../../shared/contracts/catalogue';
import {
  buildSearchIndex,
  normalisedWords,
  searchCatalogue,
  searchWords,
  withinOneEdit,
} from './search-index';

const guide = (slug: string, title: string, description = ''): Guide => ({
  id: slug,
  slug,
  title,
  description,
  price: '9.00',
  imageUrl: null,
  fileName: null,
  fileSize: null,
  pageCount: null,
  hasPreview: false,
  locale: 'fr',
  rating: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

// Newest first, as the index is built.
const index = buildSearchIndex([
  guide('plages', 'Plages du Sénégal', 'Dakar, la Petite-Côte.'),
  guide('coeur', 'Le cœur de Dakar', 'Marchés.'),
  guide('fes', 'Fès la médina', 'Le Maroc impérial.'),
]);
const slugs = (q: string) => searchCatalogue(index, q).map((g) => g.slug);

describe('search index', () => {
  test('words are unaccented, lower-case, ligatures spelled out as PostgreSQL’s unaccent did', () => {
    expect(normalisedWords('Cœur de l’ŒUVRE, Straße — Côte-d’Ivoire')).toEqual([
      'coeur',
      'de',
      'l',
      'oeuvre',
      'strasse',
      'cote',
      'd',
      'ivoire',
    ]);
  });

  test('one edit apart, and no more', () => {
    expect(withinOneEdit('dakar', 'dakar')).toBe(true);
    expect(withinOneEdit('dakar', 'dakir')).toBe(true);
    expect(withinOneEdit('dakar', 'dakkar')).toBe(true);
    expect(withinOneEdit('dakar', 'dkar')).toBe(true);
    expect(withinOneEdit('dakar', 'adkar')).toBe(false);
    expect(withinOneEdit('dakar', 'dakkkr')).toBe(false);
    expect(withinOneEdit('dakar', 'dak')).toBe(false);
  });

  test('a title hit ranks first, then newest first; every word must be found', () => {
    expect(slugs('dakar')).toEqual(['coeur', 'plages']);
    expect(slugs('coeur dakar')).toEqual(['coeur']);
    expect(slugs('médina maroc')).toEqual(['fes']);
    expect(slugs('senegal maroc')).toEqual([]);
    expect(slugs('')).toEqual(['plages', 'coeur', 'fes']);
    expect(slugs(' %_ ')).toEqual([]);
  });

  test('place names are found however a shopper spells them, in either language', () => {
    const places = buildSearchIndex([
      guide('fez', 'Fez & Meknes', 'Two imperial cities.'),
      guide('marrakech', 'Marrakech en famille', 'La place Jemaa el-Fna.'),
      guide('saint-louis', 'Saint-Louis du Sénégal', 'L’île et le fleuve.'),
      guide('ivoire', 'Abidjan, Côte d’Ivoire', 'Plateau, Cocody, Grand-Bassam.'),
      guide('morocco', 'Tangier and the north of Morocco', 'Chefchaouen.'),
      guide('casamance', 'Casamance', 'Ziguinchor et Cap Skirring.'),
    ]);
    const found = (q: string) => searchCatalogue(places, q).map((g) => g.slug);
    for (const q of ['fès', 'fes', 'FEZ', 'Fès-Meknès']) expect(found(q), q).toEqual(['fez']);
    for (const q of ['marrakesh', 'Marrakech']) expect(found(q), q).toEqual(['marrakech']);
    for (const q of ['St-Louis', 'st louis', 'Saint Louis']) expect(found(q), q).toEqual(['saint-louis']);
    for (const q of ['ivory coast', 'Côte d’Ivoire', "cote d'ivoire", 'cote divoire', 'abidjan'])
      expect(found(q), q).toEqual(['ivoire']);
    for (const q of ['tanger', 'maroc', 'marruecos', 'Tangiers']) expect(found(q), q).toEqual(['morocco']);
    for (const q of ['casamance', 'Casamence']) expect(found(q), q).toEqual(['casamance']);
    // A word that merely holds a place name is not renamed: "fezzes" stays itself.
    expect(normalisedWords('fezzes stlouis')).toEqual(['fezzes', 'stlouis']);
  });

  test('only the first eight words count', () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(slugs('dakar a a a a a a a zzzzzz')).toEqual(['coeur', 'plages']);
  });

  test('a lone surrogate or a word longer than any in the catalogue finds nothing and breaks nothing', () => {
    expect(slugs('dakar\uD800')).toEqual(['coeur', 'plages']);
    expect(slugs('\uDC00')).toEqual([]);
    expect(slugs('x'.repeat(10_000))).toEqual([]);
  });
});
