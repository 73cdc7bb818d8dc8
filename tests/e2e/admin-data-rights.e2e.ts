import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { orderItems, orders, travelGuides } from '../../src/server/db/schema';
import { unzip } from '../helpers/zip';
import { keepScreenshot, trackPageErrors } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

/** The operator exports then erases a customer from the Customers tab; the row then leaves the list. */
const ADMIN_KEY = 'e2e-admin-key-data-rights-0123456789';
const BUYERS: Record<number, string> = { 390: 'awa.sarr@example.sn', 1280: 'binta.ba@example.sn' };
const e2e = withShopAndBrowser({
  shop: {
    env: { ADMIN_API_KEY: ADMIN_KEY },
    async prepare(shop) {
      const [guide] = await shop.db.select().from(travelGuides).limit(1);
      const placed = await shop.db
        .insert(orders)
        .values(
          Object.values(BUYERS).map((email, i) => ({
            publicId: randomBytes(16).toString('hex'),
            orderNumber: `GA-D${i}${randomBytes(2).toString('hex').toUpperCase()}`,
            status: 'completed' as const,
            paymentMethod: 'stripe' as const,
            email,
            firstName: email.startsWith('awa') ? 'Awa' : 'Binta',
            lastName: email.startsWith('awa') ? 'Sarr' : 'Ba',
            phoneNumber: i === 0 ? '+221771112233' : '+221774445566',
            total: guide!.price,
            completedAt: new Date(),
          })),
        )
        .returning();
      await shop.db.insert(orderItems).values(
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

describe.each([390, 1280])('at %i px', (width) => {
  test('export the customer as a ZIP, then erase them: the row leaves the list', async () => {
    const email = BUYERS[width]!;
    const context = await e2e.browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${e2e.shop.url}/admin/customers`);
    await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    const row = page.locator(`[data-testid="customer-row"][data-email="${email}"]`);
    await row.waitFor();
    await keepScreenshot(page, `admin-data-rights-${width}-en`, { fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('customer-export-data').click(),
    ]);
    const entries = await unzip(await readFile((await download.path())!));
    const exported = JSON.parse(entries.get('orders.json')!.toString()) as { email: string }[];
    expect(exported.map((o) => o.email)).toEqual([email]);

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain(email);
      void dialog.accept(email);
    });
    await row.getByTestId('customer-erase').click();
    await page.getByText('Customer erased', { exact: true }).waitFor();
    await row.waitFor({ state: 'detached' });
    const left = await fetch(`${e2e.shop.url}/api/admin/customers?q=${encodeURIComponent(email)}`, {
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(((await left.json()) as { total: number }).total).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
