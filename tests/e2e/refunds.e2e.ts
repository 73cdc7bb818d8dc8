import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AnalyticsSummary } from '../../src/shared/contracts/admin/analytics';
import type { EmailLogEntry } from '../../src/shared/contracts/admin/emails';
import type { RefundAnswer } from '../../src/shared/contracts/endpoints/admin-refunds.schemas';
import { mailText, startSmtpServer } from '../helpers/smtp';
import {
  checkoutFirstCard,
  keepScreenshot,
  launchBrowser,
  type RunningShop,
  startShop,
  trackPageErrors,
} from './harness';

// The operator's job (issue 18): refund a card order in full and see the dashboard's revenue change.
// The refund is asked through the admin API with the admin key; the order page's Refund button is
// wired when the Orders tab is merged.

const ADMIN_KEY = 'e2e-admin-key-refunds-0123456789';
const BUYER = 'fatou.refund@example.com';
let shop: RunningShop;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [shop, browser] = await Promise.all([
    startShop({ env: { ADMIN_API_KEY: ADMIN_KEY, SMTP_URL: smtp.url } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await smtp?.close();
});

async function admin<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${shop.url}${path}`, {
    ...init,
    headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function mailsTo(to: string, subject: RegExp, count: number) {
  await expect
    .poll(() => smtp.received.filter((m) => m.to.includes(to) && subject.test(mailText(m.raw))).length, {
      timeout: 20_000,
    })
    .toBe(count);
  return smtp.received.filter((m) => m.to.includes(to) && subject.test(mailText(m.raw)));
}

/** Buys the first guide found for "marrakech" by test card, on a phone, in French. */
async function buyByCard(page: Page): Promise<string> {
  await page.goto(`${shop.url}/?search=marrakech`);
  await checkoutFirstCard(page);
  for (const [name, value] of Object.entries({
    email: BUYER,
    firstName: 'Fatou',
    lastName: 'Sow',
    mobile: '+221 77 000 00 00',
  }))
    await page.locator(`input[name="${name}"]`).fill(value);
  await page.getByRole('button', { name: /^Payer/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Merci pour votre commande !' });
  await dialog.waitFor();
  const orderNumber = (await dialog.textContent())?.match(/GA-[A-Z0-9]+/)?.[0];
  expect(orderNumber).toBeTruthy();
  return orderNumber!;
}

async function testModeRevenue(context: BrowserContext, width: number): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${shop.url}/admin/analytics`);
  await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await page.getByTestId('analytics-revenue').getByTestId('revenue-net').waitFor();
  const text = (await page.getByTestId('test-mode-revenue').textContent()) ?? '';
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  await keepScreenshot(page, `refunds-analytics-${width}`, { fullPage: true });
  await page.close();
  return text;
}

describe('refunding a card order', () => {
  test('a full refund through Stripe: one refund, the buyer told in French, the revenue down by the amount', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    const errors = trackPageErrors(page);
    const orderNumber = await buyByCard(page);
    await mailsTo(BUYER, /Vos guides/, 1);

    const emails = await admin<EmailLogEntry[]>('/api/admin/emails');
    const entry = emails.body.find((e) => e.orderInfo?.orderNumber === orderNumber);
    const orderId = entry!.orderId!;
    const total = Number(entry!.orderInfo!.total);
    const before = await admin<AnalyticsSummary>('/api/admin/analytics/summary?range=7d');
    expect(before.body.testModeRevenueCents).toBe(Math.round(total * 100));

    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const shown = `€${total.toFixed(2)}`;
    expect(await testModeRevenue(desktop, 1280)).toContain(`1 test-mode order, ${shown}`);

    // Two clicks of the same request, then the answer: one refund.
    const requestKey = randomUUID();
    const refund = () =>
      admin<RefundAnswer>(`/api/admin/orders/${orderId}/refunds`, {
        method: 'POST',
        body: JSON.stringify({ requestKey }),
      });
    const [first, second] = await Promise.all([refund(), refund()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.refund.id).toBe(first.body.refund.id);
    expect(first.body.refund).toMatchObject({
      provider: 'stripe',
      status: 'succeeded',
      amount: total.toFixed(2),
    });
    expect(first.body.order).toMatchObject({ fullyRefunded: true, accessRevoked: true });

    const [mail] = await mailsTo(BUYER, /Remboursement de votre commande/, 1);
    expect(mailText(mail!.raw)).toContain('le téléchargement de ses guides est désormais fermé');

    const after = await admin<AnalyticsSummary>('/api/admin/analytics/summary?range=7d');
    expect(before.body.testModeRevenueCents - after.body.testModeRevenueCents).toBe(Math.round(total * 100));
    expect(await testModeRevenue(desktop, 1280)).toContain('1 test-mode order, €0.00');
    expect(await testModeRevenue(phone, 390)).toContain('1 test-mode order, €0.00');
    expect(errors).toEqual([]);
    await phone.close();
    await desktop.close();
  });

  // The buyer's order page and links saying that access is closed belong to the Orders part (revoke /
  // restore); this refund sets the order's access_revoked_at through revokeAccess for them to read.
  test.todo("the buyer's order page says access is closed, in the buyer's language");
});
