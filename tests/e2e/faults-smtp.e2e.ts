import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EmailLogEntry, EmailStats } from '../../src/shared/contracts/endpoints/emails.schemas';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import {
  buyByCard,
  type CardPurchase,
  deliveryMails,
  json,
  pricedGuides,
  shopperFor,
  sleep,
} from './faults-support';
import { type RunningShop, startShop } from './harness';

const ADMIN_KEY = 'faults-smtp-admin-key-0123456789';
const ORDERS = 3;

let smtp: TestSmtpServer;
let shop: RunningShop;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Retries start at 500 ms instead of 10 s (then double: 1 s, 2 s, 4 s…), so an outage of a few
  // seconds shows several retries.
  shop = await startShop({
    env: { SMTP_URL: smtp.url, ADMIN_API_KEY: ADMIN_KEY, JOB_BACKOFF_BASE_MS: '500', JOB_LEASE_MS: '5000' },
  });
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  await smtp?.close();
});

const emailLog = async () =>
  json<EmailLogEntry[]>(
    await fetch(`${shop.url}/api/admin/emails?range=7d`, { headers: { 'x-admin-key': ADMIN_KEY } }),
  );

describe('the SMTP server refusing mail for a while', () => {
  test('mail is retried with backoff, the Emails tab shows failures and retries, and each email is delivered once when it comes back', async () => {
    smtp.setRefusing(true);
    const guides = await pricedGuides(shop);
    const purchases: CardPurchase[] = Array.from({ length: ORDERS }, (_, i) => ({
      shopper: shopperFor(`faults-smtp-${i}@example.com`),
      items: [{ id: guides[i % guides.length]!.id, quantity: 1 }],
      total: Number(guides[i % guides.length]!.price),
      claimed: false,
    }));
    await Promise.all(purchases.map((p) => buyByCard(shop, p, async () => undefined)));

    // The server refuses until each delivery has been tried three times; it times each try itself,
    // so a slow machine lengthens the gaps but cannot blur them.
    const triesOf = (email: string) => smtp.tries.filter((t) => t.to === email).map((t) => t.at);
    const emails = purchases.map((p) => p.shopper.email);
    await expect
      .poll(() => Math.min(...emails.map((e) => triesOf(e).length)), { timeout: 45_000, interval: 200 })
      .toBeGreaterThanOrEqual(3);
    expect(smtp.received.length, 'nothing got through while refusing').toBe(0);
    const lastSeen = (await emailLog()).filter((e) => e.kind === 'delivery');
    expect(lastSeen.length).toBe(ORDERS);
    for (const entry of lastSeen) {
      // The Emails tab's row: failed, the server's answer, and the tries counted.
      expect(entry.status).toBe('failed');
      expect(entry.lastError).toMatch(/451|Mailbox temporarily unavailable/);
      expect(entry.attempts).toBeGreaterThanOrEqual(3);
    }
    const stats = await json<EmailStats>(
      await fetch(`${shop.url}/api/admin/emails/stats?range=7d`, { headers: { 'x-admin-key': ADMIN_KEY } }),
    );
    expect(stats.failedEmails).toBeGreaterThanOrEqual(ORDERS);

    // Backoff: each gap between tries is at least its delay (500 ms doubling, less 20 % jitter); the
    // worker's poll, the SMTP exchange and the machine's load only add to it.
    const gaps = emails.map((e) => {
      const times = triesOf(e);
      return times.slice(1).map((t, i) => t - times[i]!);
    });
    for (const g of gaps) {
      g.forEach((gap, i) => {
        expect(gap, `gap ${i + 1} of ${g.join('/')}`).toBeGreaterThanOrEqual(0.8 * 500 * 2 ** i);
      });
    }

    smtp.setRefusing(false);
    const acceptedAt = Date.now();
    await expect
      .poll(
        async () => (await emailLog()).filter((e) => e.kind === 'delivery' && e.status === 'sent').length,
        {
          timeout: 20_000,
          interval: 200,
        },
      )
      .toBe(ORDERS);
    const caughtUpMs = Date.now() - acceptedAt;
    await sleep(2000);
    const finalLog = (await emailLog()).filter((e) => e.kind === 'delivery');
    const orderNumbers = finalLog.map((e) => e.orderInfo?.orderNumber ?? '');
    for (const orderNumber of orderNumbers) {
      expect(deliveryMails(smtp.received, orderNumber).length, `delivery emails for ${orderNumber}`).toBe(1);
    }
    for (const entry of finalLog) {
      expect(entry.status).toBe('sent');
      expect(entry.sentAt).not.toBeNull();
    }
    console.log(
      [
        `faults-smtp: ${ORDERS} orders, SMTP refused until each was tried 3 times`,
        `  tries per email while refused: ${lastSeen.map((e) => e.attempts).join(', ')}; gaps (ms): ${gaps.map((g) => g.join('/')).join('; ')}`,
        `  all delivered ${caughtUpMs} ms after the server accepted again; attempts in the log: ${finalLog.map((e) => e.attempts).join(', ')}`,
      ].join('\n'),
    );
  }, 120_000);
});
