import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { orderItems, orders, travelGuides } from '../../src/server/db/schema';
import { unzip } from '../helpers/zip';
import { keepScreenshot, trackPageErrors } from './harness';
import { waitForMail } from './mobile-money-support';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * The operator exports then erases a customer from the Customers tab; the row then leaves the list,
 * and the person receives nothing more from the shop (a buyer who was not erased still does).
 */
const ADMIN_KEY = 'e2e-admin-key-data-rights-0123456789';
const BUYERS: Record<number, string> = { 390: 'awa.sarr@example.sn', 1280: 'binta.ba@example.sn' };
const CONTROL = 'coumba.diop@example.sn';
const e2e = withShopAndBrowser({
  shop: {
    env: { ADMIN_API_KEY: ADMIN_KEY },
    async prepare(shop) {
      const [guide] = await shop.db.select().from(travelGuides).limit(1);
      const placed = await shop.db
        .insert(orders)
        .values(
          [...Object.values(BUYERS), CONTROL].map((email, i) => ({
            publicId: randomBytes(16).toString('hex'),
            orderNumber: `GA-D${i}${randomBytes(2).toString('hex').toUpperCase()}`,
            status: 'completed' as const,
            paymentMethod: 'stripe' as const,
            email,
            firstName: email.split('.')[0]!.replace(/^./, (c) => c.toUpperCase()),
            lastName: email.split(/[.@]/)[1]!.replace(/^./, (c) => c.toUpperCase()),
            phoneNumber: `+2217711122${30 + i}`,
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
  smtp: true,
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

test('once erased, they receive nothing: a "My guides" link goes to the buyer who was not erased, not to them', async () => {
  const ask = (email: string) =>
    fetch(`${e2e.shop.url}/api/library/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, locale: 'fr' }),
    });
  for (const email of [...Object.values(BUYERS), CONTROL]) expect((await ask(email)).status).toBe(202);
  // The control proves the mail goes out; by the time it has, the others' would have too.
  await waitForMail(e2e.smtp, CONTROL, /Mes guides/);
  await ask(CONTROL);
  await expect.poll(() => e2e.smtp.received.filter((m) => m.to.includes(CONTROL)).length).toBe(2);
  for (const email of Object.values(BUYERS)) {
    expect(e2e.smtp.received.filter((m) => m.to.includes(email))).toEqual([]);
  }
});
