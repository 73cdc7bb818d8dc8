import { describe, expect, test } from 'vitest';
import { redactSecretQuery } from './log-redaction';

describe('request log redaction', () => {
  test('replaces the values of key-like query parameters and keeps the rest', () => {
    expect(redactSecretQuery('/api/admin/session?x-admin-key=s3cret&locale=fr')).toBe(
      '/api/admin/session?x-admin-key=[Redacted]&locale=fr',
    );
    expect(redactSecretQuery('/a?key=s3cret&apiKey=s3cret&x%2Dadmin%2Dkey=s3cret')).toBe(
      '/a?key=[Redacted]&apiKey=[Redacted]&x%2Dadmin%2Dkey=[Redacted]',
    );
  });

  test('leaves URLs without secrets as they are', () => {
    for (const url of [
      '/',
      '/api/travel-guides?locale=fr',
      '/guides?q=dakar&page=2',
      '/a?%E0=1',
      undefined,
    ]) {
      expect(redactSecretQuery(url)).toBe(url);
    }
  });
});
