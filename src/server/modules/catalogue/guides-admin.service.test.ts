import { describe, expect, test } from 'vitest';
import { slugify } from '../downloads/file-names';
import { cleanFileName } from './guide-upload';
import { parseGuideFields } from './guides-admin.service';

describe('guide form fields', () => {
  test('a title becomes an unaccented, bounded slug', () => {
    expect(slugify("S'installer à Abidjan, Côte d'Ivoire")).toBe('s-installer-a-abidjan-cote-d-ivoire');
    expect(slugify('!!!')).toBe('guide');
    expect(slugify('a'.repeat(100))).toHaveLength(60);
  });

  test('price is normalised to two decimals; isActive and locale keep their form spelling', () => {
    expect(
      parseGuideFields({ title: ' T ', description: 'D', price: '9.5', isActive: 'false', locale: 'all' }),
    ).toEqual({ title: 'T', description: 'D', price: '9.50', isActive: false, locale: 'fr' });
    expect(parseGuideFields({ title: 'T', description: 'D', price: 0 })).toEqual({
      title: 'T',
      description: 'D',
      price: '0.00',
    });
  });

  test('the spec’s texts come first, in the form’s order', () => {
    expect(() => parseGuideFields({})).toThrow('Title is required');
    expect(() => parseGuideFields({ title: 'T' })).toThrow('Description is required');
    expect(() => parseGuideFields({ title: 'T', description: 'D', price: ' ' })).toThrow('Price is required');
    expect(() => parseGuideFields({ title: 'T', description: 'D', price: '-1' })).toThrow(/Price must be/);
  });

  test('an uploaded file name loses its path and control characters', () => {
    expect(cleanFileName('C:\\Users\\me\\guide.pdf', 'x.pdf')).toBe('guide.pdf');
    expect(cleanFileName('../../etc/\u0000', 'x.pdf')).toBe('x.pdf');
  });
});
