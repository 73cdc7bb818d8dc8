import { describe, expect, test } from 'vitest';
import { listHref, pageFrom, sortFrom } from './list-address';
import { pageNumbers } from './pagination';

const params = (query: string) => new URLSearchParams(query);

describe('a list’s address', () => {
  test('?page= is a whole number from 1; anything else is page 1; a huge number stays past the last page', () => {
    expect(pageFrom(params('page=2'))).toBe(2);
    expect(pageFrom(params('page=02'))).toBe(2);
    for (const bad of [
      '',
      'page=',
      'page=abc',
      'page=-1',
      'page=0',
      'page=2.5',
      'page=1e308',
      'page=%ED%A0%80',
    ])
      expect(pageFrom(params(bad)), bad).toBe(1);
    expect(pageFrom(params(`page=${'x'.repeat(10_000)}`))).toBe(1);
    expect(pageFrom(params(`page=${'9'.repeat(20)}`))).toBe(1_000_000);
    expect(pageFrom(params(`page=${'9'.repeat(21)}`))).toBe(1);
  });

  test('?sort= is a known order or none', () => {
    expect(sortFrom(params('sort=price-asc'))).toBe('price-asc');
    expect(sortFrom(params('sort=cheapest'))).toBeUndefined();
    expect(sortFrom(params('sort=constructor'))).toBeUndefined();
  });

  test('links keep the filters, and leave page 1 out', () => {
    expect(listHref('/guides', {}, 1)).toBe('/guides');
    expect(listHref('/guides', {}, 2)).toBe('/guides?page=2');
    expect(listHref('/senegal', { sort: 'price-asc', lang: 'en' }, 3)).toBe(
      '/senegal?sort=price-asc&lang=en&page=3',
    );
    expect(listHref('/', { search: 'côte & co' }, 2)).toBe('/?search=c%C3%B4te+%26+co&page=2');
  });

  test('page numbers: the first, the last and the neighbours, with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 42)).toEqual([1, 2, null, 42]);
    expect(pageNumbers(10, 42)).toEqual([1, null, 9, 10, 11, null, 42]);
    expect(pageNumbers(42, 42)).toEqual([1, null, 41, 42]);
    expect(pageNumbers(3, 42)).toEqual([1, 2, 3, 4, null, 42]);
  });
});
