import { describe, expect, test } from 'vitest';
import { dataPriceRegion, downloadCostLine, downloadCostLines, formatDataCost } from './data-cost';
import { formatFileSize } from './file-size';
import { formatDecimal } from './money';

const MB = 1024 ** 2;

describe('what a download costs in data', () => {
  test('the light edition in French and English, in FCFA at Côte d’Ivoire’s price', () => {
    const bytes = 3.1 * MB;
    expect(downloadCostLine('light', bytes, 'cote-divoire', 'fr')).toBe(
      'Version légère : 3,1 Mo ≈ 4 FCFA de données',
    );
    expect(downloadCostLine('light', bytes, 'cote-divoire', 'en')).toBe(
      'Light edition: 3.1 MB ≈ 4 FCFA of data',
    );
  });

  test('a big full edition groups gigabytes the way each language does, and francs with spaces in both', () => {
    const bytes = 2000 * 1024 * MB;
    expect(downloadCostLine('full', bytes, 'senegal', 'fr')).toBe(
      'Version complète : 2 000 Go ≈ 2 000 000 FCFA de données',
    );
    expect(downloadCostLine('full', bytes, 'senegal', 'en')).toBe(
      'Full edition: 2,000 GB ≈ 2 000 000 FCFA of data',
    );
  });

  test('Morocco pays in dirhams, with a decimal', () => {
    expect(formatDataCost(40 * MB, 'maroc', 'fr')).toBe('≈ 0,5 MAD');
    expect(formatDataCost(40 * MB, 'maroc', 'en')).toBe('≈ 0.5 MAD');
  });

  test('less than the smallest coin says so rather than "≈ 0"', () => {
    expect(formatDataCost(100 * 1024, 'senegal', 'fr')).toBe('< 1 FCFA');
    expect(formatDataCost(0, 'maroc', 'en')).toBe('< 0.1 MAD');
    expect(formatDataCost(-5, 'default', 'en')).toBe('< 1 FCFA');
  });

  test('huge and absurd sizes never print NaN or an exponent', () => {
    expect(formatDataCost(Number.MAX_SAFE_INTEGER, 'cote-divoire', 'en')).toMatch(/^≈ [\d ]+ FCFA$/);
    expect(formatFileSize(Number.NaN, 'fr')).toBe('');
    expect(formatFileSize(Number.POSITIVE_INFINITY, 'en')).toBe('');
    expect(formatDecimal(0.05, 'fr', 1)).toBe('0,1');
    expect(formatDecimal(-0.001, 'en', 1)).toBe('0');
  });

  test('the guide’s country decides the price, the default otherwise', () => {
    expect(dataPriceRegion({ title: 'Dakar essentiel', description: 'Le guide pratique du Sénégal' })).toBe(
      'senegal',
    );
    expect(dataPriceRegion({ title: 'Marrakech in 3 days', description: 'Morocco' })).toBe('maroc');
    expect(dataPriceRegion({ title: 'Abidjan', description: "Côte d'Ivoire" })).toBe('cote-divoire');
    expect(dataPriceRegion({ title: 'Kit de départ' })).toBe('default');
  });

  test('only the sizes known get a line', () => {
    expect(downloadCostLines({ fullBytes: 5 * MB, lightBytes: null }, 'default', 'en')).toEqual({
      full: 'Full edition: 5 MB ≈ 6 FCFA of data',
    });
  });
});
