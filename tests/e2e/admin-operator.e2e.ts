import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { emailLog, orderItems, orders, travelGuides } from '../../src/server/db/schema';
import { toPendingEvents } from '../../src/server/modules/analytics/ingest-rows';
import { writeEvents } from '../../src/server/modules/analytics/write-events';
import { keepScreenshot } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * the operator's side (items 15–18, 21–23): what the operator sees on a 390 px phone and
 * on a desktop. The shop is prepared with orders placed without a tracked visit, a guide that was
 * ordered and unpublished, a customer email and a shop notice, and a mobile-money order with a long
 * email address.
 */
const ADMIN_KEY = 'e2e-admin-key-operator-0123456789';
const WIDTHS = [390, 1280] as const;
const LONG_EMAIL = 'aminata.toure.diallo.longname@entreprisexemple.ci';
const OPERATOR_EMAIL = 'operator@guides-afrique.test';
let orderedGuideTitle = '';

const order = (values: Partial<typeof orders.$inferInsert>) => ({
  publicId: randomBytes(16).toString('hex'),
  orderNumber: `GA-${randomBytes(3).toString('hex').toUpperCase()}`,
  paymentMethod: 'free' as const,
  email: 'fatou.sow@example.com',
  firstName: 'Fatou',
  lastName: 'Sow',
  phoneNumber: '+221770000000',
  total: '0.00',
  ...values,
});
const e2e = withShopAndBrowser({
  shop: {
    env: { ADMIN_API_KEY: ADMIN_KEY, OPERATOR_EMAIL },
    async prepare({ db }) {
      const [guide] = await db.select().from(travelGuides).limit(1);
      orderedGuideTitle = guide!.title;
      await db.update(travelGuides).set({ isActive: false }).where(eq(travelGuides.id, guide!.id));
      // Three completed orders placed without a tracked visit (as a flood through the API would).
      const now = new Date();
      const placed = await db
        .insert(orders)
        .values([1, 2, 3].map(() => order({ status: 'completed', completedAt: now })))
        .returning();
      await db.insert(orderItems).values(
        placed.map((o) => ({
          orderId: o.id,
          guideId: guide!.id,
          quantity: 1,
          unitPrice: '0.00',
          title: guide!.title,
        })),
      );
      await db.insert(emailLog).values([
        {
          orderId: placed[0]!.id,
          kind: 'delivery',
          toEmail: 'fatou.sow@example.com',
          subject: 'Vos guides',
          status: 'sent',
          sentAt: now,
        },
        {
          orderId: placed[0]!.id,
          kind: 'operator-receipt-notice',
          toEmail: OPERATOR_EMAIL,
          subject: 'Receipt to check',
          status: 'sent',
          sentAt: now,
        },
      ]);
      await db.insert(orders).values(
        order({
          paymentMethod: 'djamo',
          status: 'pending',
          email: LONG_EMAIL,
          mobileMoneyReference: 'MMOPERAT1',
          total: '20.00',
        }),
      );
      // One tracked visit, without a purchase.
      const at = now.getTime() - 60_000;
      await writeEvents(
        db,
        toPendingEvents(
          [
            {
              type: 'page_view',
              page: '/',
              visitorId: 'visitor_operator_1',
              sessionStart: at,
              timestamp: at,
            },
          ],
          { country: 'SN', region: null },
          at,
        ),
      );
    },
  },
});

async function signIn(page: Page, tab: string, remember?: '5') {
  await page.goto(`${e2e.shop.url}/admin/${tab}`);
  await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
  if (remember) {
    await page.getByLabel('Remember key (persist in localStorage)').check();
    await page.getByLabel('Expires after').selectOption(remember);
  }
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

async function newPage(width: number): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  return context.newPage();
}

const gateHeading = (page: Page) => page.getByRole('heading', { name: 'Admin Authentication Required' });

describe.each(WIDTHS)('the operator at %i px', (width) => {
  test('item 15: a remembered key expires in the open tab, and the gate says so', async () => {
    const page = await newPage(width);
    await page.clock.install();
    await signIn(page, 'analytics', '5');
    await page.getByTestId('analytics-funnel').waitFor();
    const sentAfterExpiry: string[] = [];
    await page.clock.fastForward('04:00');
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).isVisible()).toBe(true);
    page.on('request', (request) => {
      if (request.headers()['x-admin-key']) sentAfterExpiry.push(request.url());
    });
    await page.clock.fastForward('02:00');
    await gateHeading(page).waitFor({ timeout: 5_000 });
    await page.getByRole('alert').filter({ hasText: 'Your admin session expired' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminKey'))).toBeNull();
    await keepScreenshot(page, `operator-expired-${width}`);
    expect(sentAfterExpiry).toEqual([]);

    // Closed and opened again after the expiry: the same words.
    await signIn(page, 'guides', '5');
    await page.evaluate(
      (key) => localStorage.setItem('adminKey', JSON.stringify({ key, expiresAt: Date.now() - 1 })),
      ADMIN_KEY,
    );
    const fresh = await page.context().newPage();
    await fresh.goto(`${e2e.shop.url}/admin/guides`);
    await gateHeading(fresh).waitFor();
    await fresh.getByRole('alert').filter({ hasText: 'Your admin session expired' }).waitFor();
    await page.context().close();
  });

  test('item 16: a key refused by the server logs out with "Invalid admin API key" in every tab', async () => {
    const page = await newPage(width);
    await signIn(page, 'guides', '5');
    const other = await page.context().newPage();
    await other.goto(`${e2e.shop.url}/admin/content`);
    await other.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.route('**/api/admin/session', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"message":"Invalid admin API key"}',
      }),
    );
    await page.getByRole('link', { name: 'Media' }).click();
    for (const tab of [page, other]) {
      await gateHeading(tab).waitFor();
      await tab.getByRole('alert').filter({ hasText: 'Invalid admin API key' }).waitFor();
    }
    await keepScreenshot(page, `operator-rejected-${width}`);
    await page.context().close();
  });

  test('item 17: one conversion rate on the card and the funnel, explained, not over 100 %', async () => {
    const page = await newPage(width);
    await signIn(page, 'analytics');
    const card = page.getByTestId('analytics-card').filter({ hasText: 'Conversion Rate' });
    await card.waitFor();
    const cardRate = (await card.locator('p').nth(1).textContent())?.trim();
    const funnelLine = await page.getByText(/Overall conversion rate/).textContent();
    const funnelRate = funnelLine?.replace(/.*Overall conversion rate:\s*/, '').trim();
    expect(cardRate).toBe(funnelRate);
    expect(Number.parseFloat(cardRate ?? 'NaN')).toBeLessThanOrEqual(100);
    // Three orders, one visit: Total Orders says 3 and the explanations say why the rate is not 300 %.
    expect(
      await page
        .getByTestId('analytics-card')
        .filter({ hasText: 'Total Orders' })
        .locator('p')
        .nth(1)
        .textContent(),
    ).toBe('3');
    expect(await page.getByTestId('conversion-definition').textContent()).toMatch(
      /Visits with a purchase ÷ visits/,
    );
    expect(await page.getByTestId('funnel-definition').textContent()).toMatch(
      /including those placed without a tracked visit/,
    );
    await keepScreenshot(page, `operator-analytics-${width}`, { fullPage: true });
    await page.context().close();
  });

  test('item 18: Create Content refuses an existing key, points to Edit, and the banner stays', async () => {
    const page = await newPage(width);
    await signIn(page, 'content');
    await page.getByLabel('Key', { exact: true }).fill('announcement');
    await page.getByLabel('Value', { exact: true }).fill('Overwritten banner');
    await page.getByRole('button', { name: 'Create Content' }).click();
    await page.getByText(/already exists in French: nothing was changed\. To change it, use Edit/).waitFor();
    expect(await page.getByText('Content created successfully').count()).toBe(0);
    await keepScreenshot(page, `operator-content-exists-${width}`);
    const banner = await (await fetch(`${e2e.shop.url}/api/content?locale=fr&keys=announcement`)).json();
    expect(banner.announcement.value).toMatch(/^Nouveau : payez aussi par mobile money/);
    await page.context().close();
  });

  test('item 21: Send Again only on customer emails, and its label says it sends download links', async () => {
    const page = await newPage(width);
    await signIn(page, 'emails');
    const notice = page.locator('[data-testid="email-row"][data-kind="operator-receipt-notice"]');
    await notice.waitFor();
    expect(await notice.getByRole('button').count()).toBe(0);
    await notice.getByText('Sent to the shop: nothing to resend').waitFor();
    const delivery = page.locator('[data-testid="email-row"][data-kind="delivery"]');
    const send = delivery.getByRole('button', { name: 'Send Again: download links' });
    expect(await send.isEnabled()).toBe(true);
    await keepScreenshot(page, `operator-emails-${width}`, { fullPage: true });
    await page.context().close();
  });

  test('item 22: Delete is disabled for a guide that was ordered, with the reason on screen', async () => {
    const page = await newPage(width);
    await signIn(page, 'guides');
    const row = page.getByTestId('guide-row').filter({ hasText: orderedGuideTitle });
    const remove = row.getByRole('button', { name: `Delete ${orderedGuideTitle}` });
    await remove.waitFor();
    expect(await remove.isDisabled()).toBe(true);
    expect(await row.getByTestId('delete-blocked-reason').textContent()).toMatch(
      /has been ordered: buyers keep their downloads/,
    );
    await row.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `operator-guides-${width}`);
    await page.context().close();
  });

  test('item 23: the Mobile Money table wraps an email only at its @ and dots', async () => {
    const page = await newPage(width);
    await signIn(page, 'mobile-money');
    const email = page.getByText(LONG_EMAIL, { exact: true });
    await email.waitFor();
    const layout = await email.evaluate((element) => {
      const lines = new Set(Array.from(element.getClientRects(), (r) => Math.round(r.top)));
      // Each run of text between two break points stays on one line.
      const split = [...element.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .filter((n) => {
          const range = document.createRange();
          range.selectNodeContents(n);
          return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1;
        })
        .map((n) => n.textContent);
      return { lines: lines.size, split, text: element.textContent };
    });
    expect(layout.text).toBe(LONG_EMAIL);
    expect(layout.split).toEqual([]);
    if (width === 390) expect(layout.lines).toBeGreaterThan(1);
    await email.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `operator-mobile-money-${width}`);
    await page.context().close();
  });

  test.each(['fr', 'en'] as const)('item 23: FAQ questions show whether they are open (%s)', async (lang) => {
    const page = await newPage(width);
    await page.goto(`${e2e.shop.url}/faq?lang=${lang}`);
    const first = page.locator('details').first();
    const indicator = first.getByTestId('faq-indicator');
    await indicator.waitFor();
    const turn = () =>
      indicator.evaluate((e) => `${getComputedStyle(e).rotate} ${getComputedStyle(e).transform}`);
    const closed = await turn();
    await first.locator('summary').click();
    expect(await first.getAttribute('open')).not.toBeNull();
    await expect.poll(turn).not.toBe(closed);
    await keepScreenshot(page, `operator-faq-${lang}-${width}`);
    await page.context().close();
  });
});
