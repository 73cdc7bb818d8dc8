import { describe, expect, test } from 'vitest';
import { redactQueryValues } from './log-redaction';

describe('request log redaction', () => {
  test('replaces the value of every query parameter and keeps the names', () => {
    expect(redactQueryValues('/api/admin/session?x-admin-key=s3cret&locale=fr')).toBe(
      '/api/admin/session?x-admin-key=[Redacted]&locale=[Redacted]',
    );
    expect(redactQueryValues('/a?key=s3cret&apiKey=s3cret&x%2Dadmin%2Dkey=s3cret&flag')).toBe(
      '/a?key=[Redacted]&apiKey=[Redacted]&x%2Dadmin%2Dkey=[Redacted]&flag',
    );
    expect(redactQueryValues('/guides?q=dakar&page=2')).toBe('/guides?q=[Redacted]&page=[Redacted]');
  });

  test('leaves URLs without a query as they are, and bounds long ones', () => {
    for (const url of ['/', '/api/travel-guides', undefined]) {
      expect(redactQueryValues(url)).toBe(url);
    }
    const long = redactQueryValues(`/${'a'.repeat(5000)}?${'x=1&'.repeat(500)}`) ?? '';
    expect(long.length).toBeLessThan(1000);
  });
});
