import { expect, test } from 'vitest';
import { whatsAppShareUrl } from './share-link';

test('a lone surrogate in a shared text becomes U+FFFD instead of breaking the page', () => {
  expect(() => encodeURIComponent('a\uD800b')).toThrow();
  expect(whatsAppShareUrl('a\uD800b')).toBe('https://wa.me/?text=a%EF%BF%BDb');
  expect(whatsAppShareUrl('Dakar ☀️ & co')).toBe('https://wa.me/?text=Dakar%20%E2%98%80%EF%B8%8F%20%26%20co');
});
