import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { adminActivity, discountCodes, orderItems, orders, travelGuides } from '../../src/server/db/schema';
import { keepScreenshot, trackPageErrors } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * The operator's day: what needs them first (a count on each tab and the "Needs you" list where
 * /admin lands), statuses that say what happened (refunds, test mode, francs with spaces), a log
 * that names orders, and on a phone a compact navigation that keeps each tab's address.
 */
const ADMIN_KEY = 'e2e-admin-key-operator-day-0123456789';
const numbers = { full: '', part: '' };
let fullId = '';

const e2e = withShopAndBrowser({
  shop: {
    env: { ADMIN_API_KEY: ADMIN_KEY },
    async prepare({ db }) {
      const [guide] = await db.select().from(travelGuides).limit(1);
      const order = (email: string, values: Partial<typeof orders.$inferInsert>) => ({
        publicId: randomBytes(16).toString('hex'),
        orderNumber: `GA-D${randomBytes(3).toString('hex').toUpperCase()}`,
        status: 'completed' as const,
        paymentMethod: 'stripe' as const,
        email,
        firstName: 'Awa',
        lastName: 'Diallo',
        phoneNumber: '+221770000000',
        total: '40.00',
        completedAt: new Date(),
        ...values,
      });
      const placed = await db
        .insert(orders)
        .values([
          order('full@example.com', { refundedAmount: '40.00', accessRevokedAt: new Date() }),
          order('part@example.com', { refundedAmount: '12.50' }),
          order('test-mode@example.com', { testMode: true }),
          ...[1, 2].map((i) =>
            order(`proof${i}@example.com`, {
              status: 'pending_verification',
              paymentMethod: 'djamo',
              paymentProvider: 'Wave',
              mobileMoneyReference: `MMDAY${i}${randomBytes(2).toString('hex').toUpperCase()}`,
              completedAt: null,
            }),
          ),
        ])
        .returning();
      await db.insert(orderItems).values(
        placed.map((o) => ({
          orderId: o.id,
          guideId: guide!.id,
          quantity: 1,
          unitPrice: '40.00',
          title: guide!.title,
        })),
      );
      numbers.full = placed[0]!.orderNumber;
      numbers.part = placed[1]!.orderNumber;
      fullId = placed[0]!.id;
      await db.insert(discountCodes).values({
        code: 'FINI2025',
        kind: 'percent',
        value: '10',
        validUntil: new Date('2025-12-31T23:00:00Z'),
        maxUses: 1,
        countries: ['cote-divoire'],
      });
      await db.insert(adminActivity).values({
        actor: 'env:operator',
        action: 'order.refund',
        subjectType: 'order',
        subjectId: fullId,
        before: { refundedAmount: '0.00' },
        after: { refundedAmount: '40.00', refund: { amount: '40.00', full: true, note: 'Asked by email' } },
      });
    },
  },
});

async function signedIn(width: number, path: string): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
  const page = await context.newPage();
  await page.goto(`${e2e.shop.url}${path}`);
  await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  return page;
}

async function openTab(page: Page, tab: string) {
  await page.getByRole('navigation', { name: 'Admin sections' }).locator(`a[href="/admin/${tab}"]`).click();
  await page.locator(`[data-tab="${tab}"]`).waitFor();
}

/** The elements wider than the page, by tag and class: none when the page does not scroll sideways. */
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });

describe.each([390, 1280])('at %i px', (width) => {
  test('/admin opens with what needs the operator, each line leading to its tab', async () => {
    const page = await signedIn(width, '/admin');
    const errors = trackPageErrors(page);
    const needs = page.getByTestId('needs-you');
    await needs.getByRole('link', { name: '2 payment proofs to check' }).waitFor();
    await keepScreenshot(page, `admin-needs-you-${width}`);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    const tab = nav.getByRole('link', { name: /^Mobile Money/ });
    expect(await tab.textContent()).toBe('Mobile Money2 waiting');
    // One row of tabs, even on a phone (it scrolls sideways): the content starts high on the screen.
    expect((await nav.boundingBox())!.height).toBeLessThan(60);
    expect((await needs.boundingBox())!.y).toBeLessThan(250);
    await needs.getByRole('link', { name: '2 payment proofs to check' }).click();
    await page.waitForURL(/\/admin\/mobile-money$/);
    await page.locator('[data-testid="mobile-money-order"]').first().waitFor();
    expect(await pageScrollsSideways(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('the tabs keep each tab’s address, back included, at every width', async () => {
    const page = await signedIn(width, '/admin/orders');
    await openTab(page, 'customers');
    await page.waitForURL(/\/admin\/customers$/);
    await page.goBack();
    await page.waitForURL(/\/admin\/orders$/);
    await page.locator('[data-tab="orders"]').waitFor();
    await page.context().close();
  });

  test('refunds show in the list, the order page and the filter; francs are grouped by spaces', async () => {
    const page = await signedIn(width, '/admin/orders');
    const full = page
      .getByTestId('order-status')
      .filter({ hasText: /^Refunded$/ })
      .first();
    expect(await full.textContent()).toBe('Refunded');
    expect(
      await page.getByTestId('order-status').filter({ hasText: 'Partially refunded' }).first().textContent(),
    ).toBe('Partially refunded · €12.50');
    expect(await page.getByText('26 238 FCFA').count()).toBeGreaterThan(0);
    expect(await page.getByText(/\d,\d{3} FCFA/).count()).toBe(0);
    await keepScreenshot(page, `admin-orders-refunded-${width}`, { fullPage: width === 390 });
    await page.getByLabel('Status').selectOption('refunded');
    await page.waitForURL(/status=refunded/);
    await page.getByRole('link', { name: numbers.full }).waitFor();
    expect(await page.getByRole('link', { name: numbers.part }).count()).toBe(0);
    await page.getByRole('link', { name: numbers.full }).click();
    await page
      .getByTestId('order-page')
      .getByTestId('order-status')
      .filter({ hasText: /^Refunded$/ })
      .waitFor();
    await page.context().close();
  });

  test('Customers says test mode, not Free; Activity names the order by its number, linked', async () => {
    const page = await signedIn(width, '/admin/customers');
    const paid = page.locator('[data-testid="customer-paid"]');
    await paid.first().waitFor();
    const texts = await paid.allTextContents();
    expect(texts).toContain('€40 test mode');
    expect(texts.filter((t) => t === 'Free')).toEqual([]);
    await keepScreenshot(page, `admin-customers-paid-${width}`, { fullPage: width === 390 });

    // The key lives in memory only: move within the dashboard, as the operator does.
    await openTab(page, 'activity');
    const what = page.getByTestId('activity-what').filter({ hasText: 'Refunded order' }).first();
    await what.waitFor();
    expect(await what.textContent()).toBe(`Refunded order ${numbers.full}`);
    await page.getByText('€40 refunded in full · “Asked by email”').first().waitFor();
    await keepScreenshot(page, `admin-activity-words-${width}`, { fullPage: width === 390 });
    await what.getByRole('link', { name: numbers.full }).click();
    await page.waitForURL(new RegExp(`/admin/orders\\?order=${fullId}$`));
    await page.getByTestId('order-page').waitFor();
    await page.context().close();
  });

  test('discount codes say when they are expired, name countries, and warn before creating an expired one', async () => {
    const page = await signedIn(width, '/admin/discounts');
    const row = page.locator('[data-testid="discount-row"][data-code="FINI2025"]');
    await row.waitFor();
    expect(await row.getByTestId('discount-state').allTextContents()).toContain('Expired');
    await row.getByText('Côte d’Ivoire').waitFor();
    await row.getByText('1 use', { exact: false }).first().waitFor();
    expect(await page.getByText('cote-divoire').count()).toBe(0);
    await keepScreenshot(page, `admin-discounts-states-${width}`, { fullPage: width === 390 });
    // A code whose end is already past is not created silently: the operator is asked, and can say no.
    await page.getByRole('button', { name: 'New code' }).click();
    const dialog = page.getByRole('dialog', { name: 'New discount code' });
    await dialog.getByLabel(/^Code/).fill(`OLD${width}`);
    await dialog.getByLabel('Percentage (1–100)').fill('10');
    await dialog.getByLabel('Valid until (optional)').fill('2020-01-01T10:00');
    let question = '';
    page.once('dialog', (asked) => {
      question = asked.message();
      void asked.dismiss();
    });
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(question).toContain('already past');
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.locator(`[data-testid="discount-row"][data-code="OLD${width}"]`).count()).toBe(0);
    await page.context().close();
  });
});
