import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { RefundAnswer } from '../../src/shared/contracts/endpoints/admin-refunds.schemas';
import type { AnalyticsSummary } from '../../src/shared/contracts/endpoints/analytics.schemas';
import type { EmailLogEntry } from '../../src/shared/contracts/endpoints/emails.schemas';
import { mailText } from '../helpers/smtp';
import { keepScreenshot, trackPageErrors } from './harness';
import { signedInAdmin } from './mobile-money-support';
import { payByTestCard, withShopAndBrowser } from './shop-and-browser';

// The operator's job: refund a card order in full and see the dashboard's revenue change.
// The first test asks through the admin API (two identical requests); the second clicks Refund on
// the order's page in the Orders tab.

const ADMIN_KEY = 'e2e-admin-key-refunds-0123456789';
const BUYER = 'fatou.refund@example.com';
const e2e = withShopAndBrowser({ shop: { env: { ADMIN_API_KEY: ADMIN_KEY } }, smtp: true });

async function admin<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${e2e.shop.url}${path}`, {
    ...init,
    headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function mailsTo(to: string, subject: RegExp, count: number) {
  await expect
    .poll(() => e2e.smtp.received.filter((m) => m.to.includes(to) && subject.test(mailText(m.raw))).length, {
      timeout: 20_000,
    })
    .toBe(count);
  return e2e.smtp.received.filter((m) => m.to.includes(to) && subject.test(mailText(m.raw)));
}

/** Buys the first guide found for "marrakech" by test card, on a phone, in French. */
async function buyByCard(page: Page, email = BUYER): Promise<string> {
  const { orderNumber } = await payByTestCard(page, e2e.shop.url, {
    search: 'marrakech',
    shopper: { email, firstName: 'Fatou', lastName: 'Sow', mobile: '+221 77 000 00 00' },
  });
  return orderNumber;
}

async function testModeRevenue(context: BrowserContext, width: number): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${e2e.shop.url}/admin/analytics`);
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
    const phone = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
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

    const desktop = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
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

  test('from the order page on a phone: Refund, and the buyer’s order page says the guides are closed', async () => {
    const buyer = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const shopper = await buyer.newPage();
    const email = 'awa.refund.ui@example.com';
    const orderNumber = await buyByCard(shopper, email);
    const orderPage = await shopper
      .getByRole('link', { name: 'Voir et télécharger mes guides' })
      .getAttribute('href');
    expect(orderPage).toMatch(/^\/order-confirmation\//);

    const desk = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'orders', 390);
    const errors = trackPageErrors(desk);
    await desk.getByRole('searchbox', { name: 'Search orders' }).fill(email);
    await desk.getByRole('button', { name: 'Search', exact: true }).click();
    await desk.getByRole('link', { name: orderNumber }).click();
    await desk.getByTestId('order-page').getByRole('heading', { name: orderNumber }).waitFor();
    await desk.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = desk.getByRole('dialog', { name: 'Refund this order' });
    await dialog.getByRole('button', { name: 'Refund through Stripe' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Refunded in full: the button is gone and access shows as revoked.
    await expect.poll(() => desk.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    await desk.getByRole('button', { name: 'Restore access' }).waitFor();
    await keepScreenshot(desk, 'refunds-order-page-390', { fullPage: true });
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(errors).toEqual([]);

    await shopper.goto(`${e2e.shop.url}${orderPage}`);
    await shopper.getByText('Accès aux guides suspendu').waitFor();
    await mailsTo(email, /Remboursement de votre commande/, 1);
    await buyer.close();
    await desk.context().close();
  });
});
