import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  test('an empty environment gives a working offline shop on port 3000 with PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ kind: 'pglite', dir: path.resolve('data', 'db') });
    expect(config.filesDir).toBe(path.resolve('data', 'files'));
    expect(config.outboxDir).toBe(path.resolve('data', 'outbox'));
    expect(config.s3).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  test('DATABASE_URL switches to PostgreSQL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/shop' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@127.0.0.1:5432/shop' });
  });

  test('empty strings count as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' }).database.kind).toBe('pglite');
  });

  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['SMTP_URL', 'not a url'],
    ['ADMIN_API_KEY', 'short'],
    ['ADMIN_API_KEY', 'a-sixteen-chars!'],
    ['ADMIN_API_KEY', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['ADMIN_API_KEY', '012345678901234567890123456789'],
    ['LOG_LEVEL', 'loud'],
  ])('a bad %s stops the start with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  test('a strong ADMIN_API_KEY is accepted: a generated one, or a long mixed one', () => {
    for (const key of [
      randomBytes(32).toString('base64url'),
      randomBytes(16).toString('hex'),
      'correct-Horse-battery-staple-9',
    ]) {
      expect(loadConfig({ ADMIN_API_KEY: key }).adminApiKey).toBe(key);
    }
  });

  test('S3 settings are read when a bucket is named', () => {
    const config = loadConfig({ S3_BUCKET: 'guides', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(config.s3).toMatchObject({
      bucket: 'guides',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
  });
});

describe('TRUST_PROXY', () => {
  test('is off by default, so a client cannot pick its own address with X-Forwarded-For', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  test('takes true, a hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops === 'function' && [hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY:/);
  });
});
