import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { orderItems, orders, travelGuides } from '../../src/server/db/schema';
import { keepScreenshot, seriousAccessibilityViolations, trackPageErrors } from './harness';
import { signedInAdmin, waitForMail } from './mobile-money-support';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * the operator's job: a buyer writes in from another address ("I never got my guides, I
 * typed my email wrong"). The operator finds the order by the address on file, corrects it, sends
 * the guides again, and sees both in the order's timeline — on a phone.
 */
const ADMIN_KEY = 'e2e-orders-desk-key-0123456789abc';
const TYPO = 'mariama.balde@gmial.com';
const RIGHT = 'mariama.balde@gmail.com';
let orderNumber = '';
let guideId = '';

const order = (values: Partial<typeof orders.$inferInsert> & { email: string }) => ({
  publicId: randomBytes(16).toString('base64url'),
  orderNumber: `GA-${randomBytes(3).toString('hex').toUpperCase()}`,
  paymentMethod: 'stripe' as const,
  paymentProvider: 'stripe',
  status: 'completed' as const,
  completedAt: new Date(),
  firstName: 'Mariama',
  lastName: 'Baldé',
  phoneNumber: '+224 620 00 00 00',
  total: '12.00',
  ...values,
});
const e2e = withShopAndBrowser({
  shop: {
    env: { ADMIN_API_KEY: ADMIN_KEY },
    async prepare({ db }) {
      const [guide] = await db.select().from(travelGuides).where(eq(travelGuides.isActive, true)).limit(1);
      const placed = await db
        .insert(orders)
        .values([
          order({
            email: TYPO,
            paymentIntentId: 'pi_e2e_desk_1',
            discountCode: 'BIENVENUE',
            discountAmount: '3.00',
          }),
          order({ email: 'someone.else@example.com', firstName: 'Ousmane', lastName: 'Keita' }),
        ])
        .returning();
      orderNumber = placed[0]!.orderNumber;
      guideId = guide!.id;
      // 101 free orders of the same guide: with a guide and another filter the count stops at 100.
      const free = await db
        .insert(orders)
        .values(
          Array.from({ length: 101 }, (_, n) =>
            order({
              email: `free${n}@example.com`,
              paymentMethod: 'free',
              paymentProvider: null,
              total: '0.00',
            }),
          ),
        )
        .returning();
      placed.push(...free);
      await db.insert(orderItems).values(
        placed.map((o) => ({
          orderId: o.id,
          guideId: guide!.id,
          quantity: 1,
          unitPrice: '15.00',
          title: guide!.title,
        })),
      );
    },
  },
  smtp: true,
});

describe('the Orders tab', () => {
  test('on a phone: find the order by the email on file, change the email, resend, and see it in the timeline', async () => {
    const page = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'orders', 390);
    await page.setViewportSize({ width: 390, height: 844 });
    const errors = trackPageErrors(page);
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(TYPO.toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/[?&]q=/);
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count()).toBe(1);
    await keepScreenshot(page, 'orders-list-390', { fullPage: true });
    await page.getByRole('link', { name: orderNumber }).click();
    await page.getByTestId('order-page').getByRole('heading', { name: orderNumber }).waitFor();
    expect(page.url()).toContain('order=');
    expect(await page.getByText('(BIENVENUE)').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the buyer’s email' });
    await dialog.getByLabel('New email').fill('not an address');
    await dialog.getByRole('button', { name: 'Change and send' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'email' }).waitFor();
    await dialog.getByLabel('New email').fill(RIGHT);
    await dialog.getByRole('button', { name: 'Change and send' }).click();
    await page.getByTestId('buyer-email').filter({ hasText: RIGHT }).waitFor();
    const delivered = await waitForMail(e2e.smtp, RIGHT, new RegExp(orderNumber));
    expect(delivered.text).toContain(orderNumber);

    await page.getByRole('button', { name: 'Resend delivery email' }).click();
    await page
      .getByRole('dialog', { name: 'Resend the delivery email?' })
      .getByRole('button', { name: 'Send' })
      .click();
    await page.getByTestId('order-timeline').locator('[data-kind="resend"]').nth(1).waitFor();
    await expect
      .poll(() => e2e.smtp.received.filter((m) => m.to.includes(RIGHT)).length, { timeout: 20_000 })
      .toBe(2);
    expect(e2e.smtp.received.some((m) => m.to.includes(TYPO))).toBe(false);

    const timeline = page.getByTestId('order-timeline');
    await timeline.locator('[data-kind="email_changed"]').filter({ hasText: TYPO }).waitFor();
    // The page reads the timeline again after each action: the first email to the new address is there.
    await timeline.locator('[data-kind="email"]').filter({ hasText: RIGHT }).first().waitFor();
    await keepScreenshot(page, 'order-page-390', { fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);

    // Back returns to the search it came from, as the address kept it: the old address no longer matches.
    await page.goBack();
    await page.getByText('No order matches these filters').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search orders' }).inputValue()).toBe(
      TYPO.toUpperCase(),
    );
    // The one refused request is the bad address typed on purpose above.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  test('on a desktop: a shared address opens with its filters, and the list and order read well', async () => {
    const page = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'orders', 1280);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Method').selectOption('card');
    await page.waitForURL(/method=card/);
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(2);
    await keepScreenshot(page, 'orders-list-1280', { fullPage: true });
    await page.getByRole('link', { name: orderNumber }).click();
    await page.getByTestId('order-timeline').waitFor();
    await keepScreenshot(page, 'order-page-1280', { fullPage: true });
    await page.goBack();
    await page.getByLabel('Status').selectOption('rejected');
    await page.getByText('No order matches these filters').waitFor();
    await page.goBack();
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(2);
  });

  test.each([390, 1280])(
    'at %i px, a guide with another filter says its count stopped at 100',
    async (width) => {
      const page = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'orders', width);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.getByLabel('Guide').selectOption(guideId);
      await page.waitForURL(/guide=/);
      await page.getByTestId('orders-total').filter({ hasText: '103 orders matching' }).waitFor();
      await page.getByLabel('Method').selectOption('free');
      await page.waitForURL(/method=free/);
      const total = page.getByTestId('orders-total');
      await total
        .filter({ hasText: '100+ orders matching (with a guide and another filter, counting stops at 100)' })
        .waitFor();
      await keepScreenshot(page, `orders-count-capped-${width}`, { fullPage: false });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    },
  );
});
