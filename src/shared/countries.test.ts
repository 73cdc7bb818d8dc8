import { describe, expect, test } from 'vitest';
import { COUNTRY_KEYWORDS, COUNTRY_SLUGS, guideMatchesCountry, normaliseForMatch } from './countries';

const guide = (title: string, extra: { description?: string; fileName?: string } = {}) => ({
  title,
  description: extra.description ?? '',
  fileName: extra.fileName ?? null,
});

describe('country matching', () => {
  test.each([
    ['cote-divoire', 'cote divoire'],
    ['cote-divoire', "cote d'ivoire"],
    ['cote-divoire', 'ivory coast'],
    ['senegal', 'senegal'],
    ['maroc', 'maroc'],
    ['maroc', 'morocco'],
    ['maroc', 'marruecos'],
  ] as const)('%s matches its keyword "%s" as written', (country, keyword) => {
    expect(COUNTRY_KEYWORDS[country]).toContain(keyword);
    expect(guideMatchesCountry(guide(`Guide ${keyword}`), country)).toBe(true);
  });

  test.each([
    ['cote-divoire', "Côte d'Ivoire"],
    ['cote-divoire', 'Côte d’Ivoire'],
    ['cote-divoire', 'CÔTE-D’IVOIRE'],
    ['cote-divoire', 'Cote dIvoire'],
    ['cote-divoire', 'Ivory-Coast'],
    ['cote-divoire', 'IvoryCoast'],
    ['senegal', 'Sénégal'],
    ['senegal', 'SÉNÉGAL'],
    ['senegal', 'Séné-gal'],
    ['maroc', 'MAROC'],
    ['maroc', 'Mo rocco'],
    ['maroc', 'Marruécos'],
  ] as const)(
    '%s matches "%s" whatever the accents, case, spaces, hyphens and apostrophes',
    (country, text) => {
      expect(guideMatchesCountry(guide(text), country)).toBe(true);
    },
  );

  test('the description and the file name count too', () => {
    expect(guideMatchesCountry(guide('Casamance', { description: 'Au sud du Sénégal' }), 'senegal')).toBe(
      true,
    );
    expect(guideMatchesCountry(guide('Fès', { fileName: 'guide-maroc-fes.pdf' }), 'maroc')).toBe(true);
  });

  test('a guide about one country does not match the others', () => {
    const dakar = guide('Dakar essentiel', { description: 'Le guide du Sénégal' });
    expect(COUNTRY_SLUGS.filter((c) => guideMatchesCountry(dakar, c))).toEqual(['senegal']);
    expect(guideMatchesCountry(guide('Kit de départ'), 'maroc')).toBe(false);
  });

  test('normalising drops accents, case and punctuation', () => {
    expect(normaliseForMatch('  Côte-d’Ivoire !')).toBe('cotedivoire');
  });

  test('a keyword is not read across the end of the title and the start of the description', () => {
    const straddling = guide('Carnet de la Cote', { description: 'd Ivoire et du Ghana, à pied.' });
    expect(guideMatchesCountry(straddling, 'cote-divoire')).toBe(false);
    const intoFileName = guide('Ivory', { description: 'Vers la mer.', fileName: 'coast.pdf' });
    expect(guideMatchesCountry(intoFileName, 'cote-divoire')).toBe(false);
    expect(guideMatchesCountry(guide('Voyage', { description: "Côte d'Ivoire" }), 'cote-divoire')).toBe(true);
    expect(guideMatchesCountry(guide('Voyage', { fileName: 'cote-divoire.pdf' }), 'cote-divoire')).toBe(true);
  });
});
