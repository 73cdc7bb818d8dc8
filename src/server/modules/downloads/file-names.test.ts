import { describe, expect, test } from 'vitest';
import { attachmentDisposition, slugify, stampedFileName } from './file-names';

describe('file names', () => {
  test('slugify keeps ASCII letters and digits only', () => {
    expect(slugify('Guide du Sénégal : l’essentiel')).toBe('guide-du-senegal-l-essentiel');
    expect(slugify('王芳')).toBe('guide');
  });

  test('a stamped copy is named after the guide (or its companion) and the order number', () => {
    const common = {
      guideTitle: 'Côte d’Ivoire',
      sourceName: 'Checklist départ.pdf',
      orderNumber: 'GA-7K3M9Q',
    };
    expect(stampedFileName({ ...common, slot: 'primary' })).toBe('cote-d-ivoire-GA-7K3M9Q.pdf');
    expect(stampedFileName({ ...common, slot: 'secondary' })).toBe('checklist-depart-GA-7K3M9Q.pdf');
  });

  test('Content-Disposition quotes an ASCII name and gives the UTF-8 one', () => {
    expect(attachmentDisposition('dakar-GA-1.pdf')).toBe(
      `attachment; filename="dakar-GA-1.pdf"; filename*=UTF-8''dakar-GA-1.pdf`,
    );
    expect(attachmentDisposition('Sénégal "x".pdf')).toBe(
      `attachment; filename="S_n_gal _x_.pdf"; filename*=UTF-8''S%C3%A9n%C3%A9gal%20%22x%22.pdf`,
    );
  });
});
