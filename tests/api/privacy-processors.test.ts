import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';

/** The privacy page's list of processors, rendered by the server, under two configurations. */
let plain: TestContext;
let configured: TestContext;

beforeAll(async () => {
  plain = await createTestContext();
  configured = await createTestContext({
    env: {
      SMTP_URL: 'smtp://smtp.mailer.example:2525',
      SMTP_PROVIDER_COUNTRIES: 'FR',
      CINETPAY_API_KEY: 'cinetpay-key',
      CINETPAY_SITE_ID: '123456',
      CINETPAY_SECRET_KEY: 'cinetpay-secret',
    },
  });
});
afterAll(async () => {
  await plain?.close();
  await configured?.close();
});

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'");

describe('the processors on the privacy page', () => {
  test('with no outside service configured, the page lists none and names no provider', async () => {
    const res = await plain.app.inject({ url: '/privacy' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-testid="processors"');
    expect((await plain.app.inject({ url: '/api/privacy/processors' })).json()).toEqual({ processors: [] });
  });

  test('in French: CinetPay in Côte d’Ivoire and the mail host in France, and nothing that is not configured', async () => {
    const res = await configured.app.inject({ url: '/privacy?lang=fr' });
    const page = text(res.body);
    expect(page).toContain('Nos prestataires');
    expect(page).toContain('CinetPay – paiements par mobile money — Côte d’Ivoire');
    expect(page).toContain('Envoi des e-mails (smtp.mailer.example) — France');
    for (const absent of ['Stripe –', 'Wave –', 'WhatsApp (Meta)', 'Stockage des fichiers']) {
      expect(page).not.toContain(absent);
    }
  });

  test('in English, the same list in English', async () => {
    const page = text((await configured.app.inject({ url: '/privacy?lang=en' })).body);
    expect(page).toContain('Our processors');
    expect(page).toContain('CinetPay – mobile-money payments — Côte d’Ivoire');
    expect(page).toContain('Sending emails (smtp.mailer.example) — France');
    expect(page).not.toContain('File storage');
  });
});
