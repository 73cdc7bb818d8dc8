import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { type DownloadGrant, signDownloadToken, verifyDownloadToken } from './download-token';

const secret = randomBytes(32);
const now = new Date('2026-01-10T12:00:00Z');
const exp = Math.floor(now.getTime() / 1000) + 900;
const fileGrant: DownloadGrant = {
  k: 'file',
  item: '1d0a0861-239e-4420-bdca-b16e73675beb',
  slot: 'secondary',
  exp,
};

describe('download tokens', () => {
  test('round-trip a file grant and a zip grant in 50 URL-safe characters', () => {
    const zipGrant: DownloadGrant = { k: 'zip', order: 'c2d5b7a0-0000-4000-8000-00000000abcd', exp };
    for (const grant of [fileGrant, zipGrant]) {
      const token = signDownloadToken(secret, grant);
      expect(token).toMatch(/^[A-Za-z0-9_-]{50}$/);
      expect(verifyDownloadToken(secret, token, now)).toEqual({ ok: true, grant });
    }
  });

  test('a light grant round-trips, and is never read as the full one', () => {
    const zipGrant: DownloadGrant = {
      k: 'zip',
      order: 'c2d5b7a0-0000-4000-8000-00000000abcd',
      exp,
      light: true,
    };
    for (const grant of [
      { ...fileGrant, light: true },
      { ...fileGrant, slot: 'primary' as const, light: true },
      zipGrant,
    ]) {
      const token = signDownloadToken(secret, grant);
      expect(verifyDownloadToken(secret, token, now)).toEqual({ ok: true, grant });
      expect(token).not.toBe(signDownloadToken(secret, { ...grant, light: false }));
    }
  });

  test('expire at their expiry, to the second', () => {
    const token = signDownloadToken(secret, fileGrant);
    expect(verifyDownloadToken(secret, token, new Date(exp * 1000 - 1)).ok).toBe(true);
    expect(verifyDownloadToken(secret, token, new Date(exp * 1000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  test('any changed byte, another secret, or a non-canonical spelling is invalid, even when expired', () => {
    const token = signDownloadToken(secret, fileGrant);
    const bytes = Buffer.from(token, 'base64url');
    const later = new Date(exp * 1000 + 1);
    for (let i = 0; i < bytes.length; i++) {
      const copy = Buffer.from(bytes);
      copy[i]! ^= 0x80;
      expect(verifyDownloadToken(secret, copy.toString('base64url'), later)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    expect(verifyDownloadToken(randomBytes(32), token, now).ok).toBe(false);
    // The last character carries 4 unused bits: another letter decoding to the same bytes is refused.
    const last = token.at(-1)!;
    const sibling = 'AEIMQUYcgkosw048'.includes(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : 'A';
    expect(verifyDownloadToken(secret, `${token.slice(0, -1)}${sibling}`, now).ok).toBe(false);
    expect(verifyDownloadToken(secret, `${token}=`, now).ok).toBe(false);
  });
});
