import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { orderItems, orders, travelGuides } from '../../src/server/db/schema';
import { keepScreenshot, seriousAccessibilityViolations, trackPageErrors } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * the operator's Customers and Activity tabs: an edit shows up in the Activity tab with
 * its before and after values, and a buyer who wrote in is found in Customers, whose row leads to
 * their orders. At phone and desktop width.
 */
const ADMIN_KEY = 'e2e-admin-key-customers-0123456789';
const BUYER = 'Mariam.Kone@Example.com';
let guideTitle = '';
const e2e = withShopAndBrowser({
  shop: {
    env: { ADMIN_API_KEY: ADMIN_KEY },
    async prepare({ db }) {
      const [guide] = await db.select().from(travelGuides).limit(1);
      guideTitle = guide!.title;
      const placed = await db
        .insert(orders)
        .values(
          [BUYER, BUYER.toLowerCase(), 'ousmane.fall@example.sn'].map((email, i) => ({
            publicId: randomBytes(16).toString('hex'),
            orderNumber: `GA-C${i}${randomBytes(2).toString('hex').toUpperCase()}`,
            status: 'completed' as const,
            paymentMethod: 'stripe' as const,
            email,
            firstName: email.startsWith('ousmane') ? 'Ousmane' : 'Mariam',
            lastName: email.startsWith('ousmane') ? 'Fall' : 'Koné',
            phoneNumber: '+221770000000',
            total: guide!.price,
            completedAt: new Date(),
          })),
        )
        .returning();
      await db.insert(orderItems).values(
        placed.map((o) => ({
          orderId: o.id,
          guideId: guide!.id,
          quantity: 1,
          unitPrice: guide!.price,
          title: guide!.title,
        })),
      );
    },
  },
});

async function signedIn(width: number, tab: string): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
  const page = await context.newPage();
  await page.goto(`${e2e.shop.url}/admin/${tab}`);
  await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  return page;
}

/** No sideways scrolling on the page itself: the tab reads on a phone. */
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe.each([390, 1280])('at %i px', (width) => {
  test('an edited guide shows in Activity with its price before and after', async () => {
    const page = await signedIn(width, 'guides');
    const errors = trackPageErrors(page);
    const newPrice = width === 390 ? '14.25' : '16.75';
    const row = page.locator('[data-testid="guide-row"]').filter({ hasText: guideTitle });
    await row.getByRole('button', { name: `Edit ${guideTitle}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Travel Guide' });
    const before = await edit.getByLabel('Price (EUR)').inputValue();
    await edit.getByLabel('Price (EUR)').fill(newPrice);
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Travel guide updated successfully', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Activity' }).click();
    const entry = page.locator('[data-testid="activity-row"][data-action="guide.update"]').first();
    await entry.waitFor();
    const price = entry.locator('[data-field="price"]');
    expect(await price.getByTestId('before').textContent()).toBe(Number(before).toFixed(2));
    expect(await price.getByTestId('after').textContent()).toBe(newPrice);
    expect(await entry.textContent()).toContain(`guide`);
    // The key is named by its id, never shown.
    expect(await page.content()).not.toContain(ADMIN_KEY);
    expect(await pageScrollsSideways(page)).toBe(false);
    await keepScreenshot(page, `activity-${width}`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Action').selectOption('guide.update');
    await page
      .getByTestId('activity-total')
      .filter({ hasText: /^\d+ changes?$/ })
      .waitFor();
    expect(await page.locator('[data-testid="activity-row"]:not([data-action="guide.update"])').count()).toBe(
      0,
    );
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  test('a buyer who wrote in is found in Customers, one row for both spellings, leading to their orders', async () => {
    const page = await signedIn(width, 'customers');
    await page.getByTestId('customers-total').waitFor();
    await page.getByLabel('Search customers by email or name').fill('mariam.kone');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('customers-total').filter({ hasText: '1 customer matching' }).waitFor();
    const row = page.locator('[data-testid="customer-row"]');
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('2 paid');
    expect(await row.textContent()).toContain('Mariam Koné');
    expect(await pageScrollsSideways(page)).toBe(false);
    await keepScreenshot(page, `customers-${width}`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await row.getByRole('link', { name: 'View orders' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    expect(new URL(page.url()).searchParams.get('q')?.toLowerCase()).toBe(BUYER.toLowerCase());
    // The Orders tab opens with that search: the buyer's two orders, whatever the email's case.
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 15_000 }).toBe(2);
    await page.context().close();
  }, 120_000);
});
