import { describe, expect, test } from 'vitest';
import { adminKeyMatches, generateAdminKey, hashAdminKey } from './admin-key';

describe('admin keys', () => {
  test('a generated key is 256 random bits in 43 URL-safe characters, new each time', () => {
    const keys = new Set(Array.from({ length: 50 }, generateAdminKey));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    }
  });

  test('the stored hash is 32 bytes that do not contain the key', () => {
    const key = generateAdminKey();
    const hash = hashAdminKey(key);
    expect(hash).toHaveLength(32);
    expect(hash.toString('hex')).not.toContain(key);
    expect(hashAdminKey(key).equals(hash)).toBe(true);
  });

  test('only the exact key matches, whatever the length of what is presented', () => {
    const key = generateAdminKey();
    const accepted = [hashAdminKey(generateAdminKey()), hashAdminKey(key)];
    expect(adminKeyMatches(key, accepted)).toBe(true);
    for (const wrong of ['', 'x', key.slice(0, -1), `${key} `, key.toUpperCase(), key.repeat(20)]) {
      expect(adminKeyMatches(wrong, accepted)).toBe(false);
    }
    expect(adminKeyMatches(key, [])).toBe(false);
    expect(adminKeyMatches(key, [Buffer.from('short')])).toBe(false);
  });
});
