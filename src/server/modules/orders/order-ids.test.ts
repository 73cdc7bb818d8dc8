import { describe, expect, test } from 'vitest';
import { generateOrderNumber, generatePublicId, ORDER_NUMBER_ALPHABET, PUBLIC_ID_PATTERN } from './order-ids';

describe('order ids', () => {
  test('a public id is 16 random bytes in base64url: 22 characters, 128 bits, never repeated', () => {
    const ids = Array.from({ length: 1000 }, generatePublicId);
    for (const id of ids.slice(0, 20)) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
      expect(PUBLIC_ID_PATTERN.test(id)).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('an order number is GA- and six characters that cannot be misread (no 0, O, 1, I, L)', () => {
    expect(ORDER_NUMBER_ALPHABET).not.toMatch(/[0O1IL]/);
    const numbers = Array.from({ length: 500 }, generateOrderNumber);
    for (const n of numbers) expect(n).toMatch(/^GA-[2-9A-HJKMNP-Z]{6}$/);
    // Every letter of the alphabet turns up: the draw is not stuck on a subset.
    expect(new Set(numbers.join('').replace(/GA-/g, '')).size).toBe(ORDER_NUMBER_ALPHABET.length);
  });
});
