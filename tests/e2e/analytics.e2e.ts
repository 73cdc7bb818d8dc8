import { type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { AnalyticsEvent } from '../../src/shared/contracts/analytics';
import type {
  AnalyticsEvents,
  AnalyticsFunnel,
  AnalyticsPages,
  AnalyticsSummary,
} from '../../src/shared/contracts/endpoints/analytics.schemas';
import {
  CHROMIUM_ARGS,
  checkoutFirstCard,
  keepScreenshot,
  trackPageErrors,
  waitForHydration,
} from './harness';
import { withShopAndBrowser } from './shop-and-browser';

const ADMIN_KEY = 'e2e-admin-key-analytics-0123456789';
/**
 * Headless Chromium names itself HeadlessChrome, which the server ignores as a bot: be a phone. Set
 * on the command line, not per context: a context's override does not reach beacons sent on page hide.
 */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 12; itel A571W) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

const e2e = withShopAndBrowser({
  shop: { env: { ADMIN_API_KEY: ADMIN_KEY, ANALYTICS_FLUSH_INTERVAL_MS: '100' } },
  browser: () =>
    chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, `--user-agent=${PHONE_UA}`],
    }),
});

/**
 * Every analytics event the pages of a context sent. The cart's checkout button loads a new
 * document, so some leave by beacon during page hide; whether they arrived is checked on the server.
 */
function sentEvents(context: BrowserContext): AnalyticsEvent[] {
  const events: AnalyticsEvent[] = [];
  context.on('request', (request: Request) => {
    if (!request.url().endsWith('/api/analytics/event')) return;
    const body = JSON.parse(request.postData() ?? '[]') as AnalyticsEvent | AnalyticsEvent[];
    events.push(...(Array.isArray(body) ? body : [body]));
  });
  return events;
}

/** Events of the last 7 days on the server, as "type" or "action:name", with their counts. */
async function storedEventCounts(): Promise<Record<string, number>> {
  const stored = await admin<AnalyticsEvents>('/api/admin/analytics/events?range=7d');
  const counts: Record<string, number> = {};
  for (const { type, count } of stored.byType) if (type !== 'action' && count > 0) counts[type] = count;
  for (const { action, count } of stored.byAction) counts[`action:${action}`] = count;
  return counts;
}

async function admin<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.shop.url}${path}`, { headers: { 'x-admin-key': ADMIN_KEY } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${e2e.shop.url}/admin/analytics`);
  await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  return page;
}

describe('visitor analytics', () => {
  let orderTotal = '';

  test('a visit, a cart, a test-mode card purchase and a download reach the dashboard', async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
    const events = sentEvents(context);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });

    const html = await (await fetch(`${e2e.shop.url}/`)).text();
    // The tracker is not in the first HTML: it loads after hydration.
    expect(html).not.toMatch(/tracker/);

    await page.goto(`${e2e.shop.url}/?search=marrakech`);
    await expect.poll(() => events.some((e) => e.type === 'page_view'), { timeout: 15_000 }).toBe(true);
    const results = await page.locator('[data-testid="guide-card"]').count();
    await page.mouse.wheel(0, 3000);
    await checkoutFirstCard(page);
    for (const [name, value] of Object.entries({
      email: 'fatou.sow@example.com',
      firstName: 'Fatou',
      lastName: 'Sow',
      mobile: '+221 77 123 45 67',
    }))
      await page.locator(`input[name="${name}"]`).fill(value);
    await page.getByText('MODE TEST — aucun paiement réel').waitFor();
    await page.getByRole('button', { name: /^Payer/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Merci pour votre commande !' });
    await dialog.waitFor();
    await dialog.getByRole('link', { name: 'Voir et télécharger mes guides' }).click();
    await page.getByRole('heading', { name: 'Commande terminée !' }).waitFor();
    const publicId = new URL(page.url()).pathname.split('/').pop()!;
    orderTotal = ((await (await fetch(`${e2e.shop.url}/api/orders/${publicId}`)).json()) as { total: string })
      .total;
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger', exact: true }).first().click(),
    ]);

    // Every kind of event reached the server.
    const expected = [
      'page_view',
      'click',
      'form_submit',
      'add_to_cart',
      'purchase_started',
      'purchase_completed',
      'download',
      'action:search',
      'action:scroll',
      'action:time_on_page',
    ];
    await expect
      .poll(
        async () => {
          const stored = await storedEventCounts();
          return expected.filter((type) => !(type in stored));
        },
        { timeout: 15_000 },
      )
      .toEqual([]);
    // One visitor, one session, and the device and source the rules give.
    expect(new Set(events.map((e) => e.visitorId)).size).toBe(1);
    expect(new Set(events.map((e) => e.sessionStart)).size).toBe(1);
    expect(events[0]).toMatchObject({ deviceType: 'mobile', source: 'direct', userAgent: PHONE_UA });
    expect(events.find((e) => e.meta?.action === 'search')?.meta).toMatchObject({
      query: 'marrakech',
      resultsCount: results,
    });
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => /analytics/i.test(w))).toEqual([]);
    await context.close();

    // The server writes events in batches: wait until they are in.
    await expect
      .poll(
        async () =>
          (await admin<AnalyticsFunnel>('/api/admin/analytics/funnel?range=7d')).funnel.at(-1)?.count,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
  });

  test('the Analytics tab shows the visit, the funnel steps and the revenue', async () => {
    const summary = await admin<AnalyticsSummary>('/api/admin/analytics/summary?range=7d');
    // The purchase went through the test-mode card gateway: no money moved, so it is no revenue.
    expect(summary).toMatchObject({ totalOrders: 0, totalRevenue: '0.00', testModeOrders: 1 });
    expect(summary.testModeRevenueCents).toBe(Math.round(Number(orderTotal) * 100));

    for (const width of [1280, 360]) {
      const context = await e2e.browser.newContext({ viewport: { width, height: 900 } });
      const page = await signIn(context);
      const cards = page.getByTestId('analytics-card');
      await expect.poll(() => cards.count()).toBe(4);
      const revenue = `€${Number(orderTotal).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
      await cards.filter({ hasText: 'Total Revenue' }).getByText('€0.00', { exact: true }).waitFor();
      await expect
        .poll(() => page.getByTestId('test-mode-revenue').textContent())
        .toBe(`Not counted: 1 test-mode order, ${revenue} (simulated card payments)`);
      await cards.filter({ hasText: 'Total Orders' }).getByText('0', { exact: true }).waitFor();
      await cards.filter({ hasText: 'Conversion Rate' }).getByText('Industry avg: 2.5%').waitFor();

      const steps = page.getByTestId('funnel-step');
      await expect.poll(() => steps.count()).toBe(4);
      for (const step of ['Visit', 'Add to Cart', 'Checkout Started', 'Purchase Completed'])
        expect(await steps.filter({ hasText: step }).getByTestId('funnel-count').textContent()).toBe('1');
      await page.getByText(/Overall conversion rate/).waitFor();

      const pages = page.getByTestId('page-row');
      await expect.poll(() => pages.count()).toBeGreaterThan(0);
      expect(await page.getByTestId('analytics-pages').textContent()).toContain('/checkout');
      expect(await page.getByTestId('users-total').textContent()).toBe('1');
      // every panel has loaded
      await expect.poll(() => page.getByTestId('analytics-loading').count()).toBe(0);
      await page.getByTestId('geo-row').first().waitFor();

      // the chart's tooltip names the day and its users
      await page.getByTestId('users-bar').last().hover();
      expect(await page.getByRole('tooltip').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}: 1 user$/);
      await page.mouse.move(0, 0);

      // the page itself does not scroll sideways on a phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await keepScreenshot(page, `analytics-${width}`, { fullPage: true });

      await page.getByLabel('Range').selectOption('30d');
      // Still no revenue or order counted over 30 days: the only purchase was a test-mode one.
      await cards.filter({ hasText: 'Total Orders' }).getByText('0', { exact: true }).waitFor();
      await context.close();
    }
  });

  test('offline, events wait in the browser and arrive once it is back online', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 360, height: 740 } });
    const events = sentEvents(context);
    const page = await context.newPage();
    // Opened on a page of the same kind as the two read offline, so their code is already here (a
    // page whose code is not is loaded in full, which offline is the browser's own page).
    await page.goto(`${e2e.shop.url}/about`);
    await expect.poll(() => events.some((e) => e.type === 'page_view'), { timeout: 15_000 }).toBe(true);
    // The visit goes on inside the app: on a loaded machine the first view is sent before the
    // footer's links are hydrated, and a click then would be a page load, which fails offline.
    const faqLink = page.locator('footer').getByRole('link', { name: 'FAQ' });
    await waitForHydration(faqLink);

    await context.setOffline(true);
    await faqLink.click();
    await page.waitForURL('**/faq');
    await page.locator('footer').getByRole('link', { name: 'Contact', exact: true }).click();
    await page.waitForURL('**/contact');
    const queued = () =>
      page.evaluate(() =>
        (JSON.parse(localStorage.getItem('analytics-queue') ?? '[]') as { type: string; page: string }[])
          .filter((e) => e.type === 'page_view')
          .map((e) => e.page),
      );
    await expect.poll(queued).toEqual(['/faq', '/contact']);
    expect(events.some((e) => e.page === '/faq')).toBe(false);

    await context.setOffline(false);
    await expect
      .poll(() => events.filter((e) => e.type === 'page_view').map((e) => e.page), { timeout: 15_000 })
      .toEqual(['/about', '/faq', '/contact']);
    expect(await page.evaluate(() => localStorage.getItem('analytics-queue'))).toBe('[]');
    await context.close();

    await expect
      .poll(
        async () =>
          (await admin<AnalyticsPages>('/api/admin/analytics/pages?range=7d&limit=100')).pages
            .filter((p) => p.page === '/faq' || p.page === '/contact')
            .map((p) => p.page)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(['/contact', '/faq']);
  });
});
