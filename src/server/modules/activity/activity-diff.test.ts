import { describe, expect, test } from 'vitest';
import { changedFields } from './activity-diff';

describe('changedFields', () => {
  test('an update lists only the fields whose values differ', () => {
    const changes = changedFields(
      { title: 'Dakar', price: '9.00', tags: ['a'], files: { cover: 'x' } },
      { title: 'Dakar', price: '12.00', tags: ['a'], files: { cover: 'y' } },
    );
    expect(changes).toEqual([
      { field: 'price', before: '9.00', after: '12.00' },
      { field: 'files', before: { cover: 'x' }, after: { cover: 'y' } },
    ]);
  });

  test('a creation lists every field with nothing before, a deletion nothing after', () => {
    expect(changedFields(null, { title: 'Lomé' })).toEqual([{ field: 'title', before: null, after: 'Lomé' }]);
    expect(changedFields({ title: 'Lomé' }, undefined)).toEqual([
      { field: 'title', before: 'Lomé', after: null },
    ]);
  });

  test('key order does not make a change, and plain values compare as one field', () => {
    expect(changedFields({ f: { a: 1, b: 2 } }, { f: { b: 2, a: 1 } })).toEqual([]);
    expect(changedFields('pending', 'completed')).toEqual([
      { field: 'value', before: 'pending', after: 'completed' },
    ]);
    expect(changedFields(3, 3)).toEqual([]);
  });
});
