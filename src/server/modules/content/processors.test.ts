import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { processorsInUse } from './processors';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/processors-test' };

describe('the processors the privacy page lists', () => {
  test('a shop with no outside service configured lists none (test-mode cards, outbox mail, local files)', () => {
    expect(processorsInUse(loadConfig(base))).toEqual([]);
  });

  test('every configured service is listed with its countries; the mail and file hosts come from their addresses', () => {
    const config = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_live_0123456789',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_0123456789',
      CINETPAY_API_KEY: 'cinetpay-key',
      CINETPAY_SITE_ID: '123456',
      CINETPAY_SECRET_KEY: 'cinetpay-secret',
      WAVE_API_KEY: 'wave-key',
      WAVE_SIGNING_SECRET: 'wave-secret',
      WHATSAPP_TOKEN: 'token',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify',
      SMTP_URL: 'smtps://user:pass@smtp.mailer.example:465',
      SMTP_PROVIDER_COUNTRIES: 'fr',
      S3_BUCKET: 'guides',
      S3_ENDPOINT: 'https://files.storage.example',
      S3_PROVIDER_COUNTRIES: 'DE, NL',
    });
    expect(processorsInUse(config)).toEqual([
      { kind: 'stripe', host: null, countries: ['IE', 'US'] },
      { kind: 'cinetpay', host: null, countries: ['CI'] },
      { kind: 'wave', host: null, countries: ['SN', 'US'] },
      { kind: 'whatsapp', host: null, countries: ['IE', 'US'] },
      { kind: 'email', host: 'smtp.mailer.example', countries: ['FR'] },
      { kind: 'files', host: 'files.storage.example', countries: ['DE', 'NL'] },
    ]);
  });

  test('AWS S3 without an endpoint is named by its region; a country not given is an empty list, never a guess', () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'guides',
      S3_REGION: 'eu-west-3',
      SMTP_URL: 'smtp://mail.example',
    });
    expect(processorsInUse(config)).toEqual([
      { kind: 'email', host: 'mail.example', countries: [] },
      { kind: 'files', host: 's3.eu-west-3.amazonaws.com', countries: [] },
    ]);
  });

  test('a country list that is not ISO codes is refused at start, naming the variable', () => {
    expect(() => loadConfig({ ...base, SMTP_PROVIDER_COUNTRIES: 'France' })).toThrow(
      /SMTP_PROVIDER_COUNTRIES/,
    );
  });
});
