import { describe, expect, test } from 'vitest';
import { configuredKeyActor, generateAdminKey, hashAdminKey, matchAdminKey } from './admin-key';

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
    const accepted = [
      { hash: hashAdminKey(generateAdminKey()), actor: 'key:other' },
      { hash: hashAdminKey(key), actor: 'key:mine' },
    ];
    expect(matchAdminKey(key, accepted)?.actor).toBe('key:mine');
    for (const wrong of ['', 'x', key.slice(0, -1), `${key} `, key.toUpperCase(), key.repeat(20)]) {
      expect(matchAdminKey(wrong, accepted)).toBeUndefined();
    }
    expect(matchAdminKey(key, [])).toBeUndefined();
    expect(matchAdminKey(key, [{ hash: Buffer.from('short'), actor: 'key:short' }])).toBeUndefined();
  });

  test("a configured key's actor id is stable and reveals neither the key nor its stored hash", () => {
    const key = generateAdminKey();
    const actor = configuredKeyActor(key);
    expect(actor).toMatch(/^env:[0-9a-f]{12}$/);
    expect(configuredKeyActor(key)).toBe(actor);
    expect(configuredKeyActor(generateAdminKey())).not.toBe(actor);
    expect(hashAdminKey(key).toString('hex')).not.toContain(actor.slice(4));
  });
});
