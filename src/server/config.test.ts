import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';

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

  test("takes a hop count or the proxies' addresses and ranges", () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '::1, fd00::/8' }).trustProxy).toEqual(['::1', 'fd00::/8']);
  });

  test.each(['true', 'everyone', '10.0.0.1/33', '10.0.0.256', '1.5'])(
    'refuses %s with a message naming TRUST_PROXY',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY:/);
    },
  );

  test('says why true is refused', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/every client to name its own address/);
  });
});

describe('ALLOWED_HOSTS', () => {
  test('is a comma list of host names with optional ports', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'Shop.example, 192.168.1.5:3000' }).allowedHosts).toEqual([
      'shop.example',
      '192.168.1.5:3000',
    ]);
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://shop.example' })).toThrow(/ALLOWED_HOSTS/);
  });
});

describe("the sections composed from the adapters' settings", () => {
  test("an adapter's bad variable is named as the operator wrote it, without the section", () => {
    expect(() => loadConfig({ STRIPE_TEST_API_URL: 'not a url' })).toThrow(
      /^Invalid environment configuration:\n {2}STRIPE_TEST_API_URL: /,
    );
    expect(() => loadConfig({ CINETPAY_API_URL: 'ftp://cinetpay.example' })).toThrow(
      /\n {2}CINETPAY_API_URL: must be an http\(s\) address$/,
    );
  });

  test('CinetPay needs its three keys or none, and names each one missing', () => {
    expect(loadConfig({}).cinetpay).toBeUndefined();
    expect(() => loadConfig({ CINETPAY_API_KEY: 'k' })).toThrow(
      'Invalid environment configuration:\n  CINETPAY_SITE_ID: required when any CINETPAY_* key is set\n  CINETPAY_SECRET_KEY: required when any CINETPAY_* key is set',
    );
    const keys = { CINETPAY_API_KEY: 'k', CINETPAY_SITE_ID: 's', CINETPAY_SECRET_KEY: 'x' };
    expect(loadConfig({ ...keys, CINETPAY_API_URL: 'http://127.0.0.1:9/' }).cinetpay).toEqual({
      apiKey: 'k',
      siteId: 's',
      secretKey: 'x',
      apiUrl: 'http://127.0.0.1:9',
    });
  });

  test("the operator's address defaults to MAIL_FROM's, across the mail and shop sections", () => {
    expect(loadConfig({ MAIL_FROM: 'Shop <shop@example.org>' }).mobileMoney.operatorEmail).toBe(
      'shop@example.org',
    );
    expect(loadConfig({ OPERATOR_EMAIL: 'ops@example.org' }).mobileMoney.operatorEmail).toBe(
      'ops@example.org',
    );
  });

  test("every variable in the README's configuration table is read, and every one read is documented", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const documented = new Set([...section.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    const tableRows = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]);
    expect(tableRows.filter((name) => !CONFIG_VARIABLES.includes(name!))).toEqual([]);
    // Not for operators: NODE_ENV is set by the scripts, the cache's life by tests and benches.
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([
      'NODE_ENV',
      'CATALOGUE_CACHE_TTL_MS',
      'PAGE_CACHE_TTL_MS',
    ]);
  });
});
