import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWhatsAppFake, type WhatsAppFake } from '../helpers/whatsapp-fake';
import { checkoutFirstCard, chooseCheckoutTab, keepScreenshot, trackPageErrors } from './harness';
import { newPage, SHOPPER, signedInAdmin, waitForMail } from './mobile-money-support';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * WhatsApp: on a phone, a buyer ticks "Get my guides on WhatsApp" at checkout; the Cloud
 * API fake receives the template with the right link in the buyer's language, its signed status
 * webhooks come back, and the operator sees the status in the Messages tab and the order's timeline.
 */
const ADMIN_KEY = 'whatsapp-e2e-admin-key-0123456789abcdef';
const PAY_URL = 'https://pay.example/guides-afrique?ref={reference}&amount={amount}';
const NUMBER = '2250711223344';

let fake: WhatsAppFake;
beforeAll(async () => {
  fake = await startWhatsAppFake();
});
const e2e = withShopAndBrowser({
  shop: () => ({ env: { ...fake.env(), ADMIN_API_KEY: ADMIN_KEY, MOBILE_MONEY_PAYMENT_URL: PAY_URL } }),
  smtp: true,
});
beforeAll(() => {
  fake.setWebhookUrl(`${e2e.shop.url}/api/whatsapp/webhook`);
  // Meta reports delivery, then the buyer reading it, a moment after accepting a message.
  fake.autoStatuses(['delivered', 'read'], 300);
});
afterAll(async () => {
  await fake?.close();
});

async function phone(): Promise<Page> {
  return newPage(e2e.browser, 390, 844);
}

async function waitForWhatsApp(match: (parameters: string[]) => boolean) {
  await expect.poll(() => fake.received.some((m) => match(m.parameters)), { timeout: 20_000 }).toBe(true);
  return fake.received.find((m) => match(m.parameters))!;
}

describe('WhatsApp delivery', () => {
  test('in French, by mobile money: the reference and the payment link reach WhatsApp', async () => {
    const page = await phone();
    const errors = trackPageErrors(page);
    await page.goto(`${e2e.shop.url}/?search=dakar`);
    await checkoutFirstCard(page);
    await chooseCheckoutTab(page, 'Payer par mobile money');
    for (const [name, value] of Object.entries({ email: 'aminata@example.com', ...SHOPPER })) {
      await page.locator(`input[name="${name}"]`).fill(value);
    }
    const optIn = page.getByRole('checkbox', { name: /Recevoir mes guides sur WhatsApp/ });
    await optIn.check();
    await keepScreenshot(page, 'whatsapp-checkout-fr-390', { fullPage: true });
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Commander et payer par mobile money' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payez par mobile money' });
    await dialog.waitFor();
    const reference = (await dialog.getByTestId('mobile-money-reference').textContent())?.trim() ?? '';
    expect(reference).not.toBe('');
    const message = await waitForWhatsApp((p) => p[2] === reference);
    expect(message).toMatchObject({ to: NUMBER, template: 'mobile_money_placed', language: 'fr' });
    expect(message.parameters[0]).toBe('Aminata');
    expect(message.parameters[4]).toMatch(
      new RegExp(`^https://pay\\.example/guides-afrique\\?ref=${reference}&amount=\\d+$`),
    );
    // The email went too.
    await waitForMail(e2e.smtp, 'aminata@example.com', /Comment payer/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('in English, by card: the order page link in English; the operator sees it read', async () => {
    const page = await phone();
    const errors = trackPageErrors(page);
    await page.goto(`${e2e.shop.url}/?lang=en&search=dakar`);
    await checkoutFirstCard(page, 'en');
    for (const [name, value] of Object.entries({ email: 'ama@example.com', ...SHOPPER, firstName: 'Ama' })) {
      await page.locator(`input[name="${name}"]`).fill(value);
    }
    await page.getByRole('checkbox', { name: /Get my guides on WhatsApp/ }).check();
    await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242');
    await keepScreenshot(page, 'whatsapp-checkout-en-390', { fullPage: true });
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('dialog', { name: 'Thank you for your order!' }).waitFor({ timeout: 30_000 });
    const message = await waitForWhatsApp((p) => p[0] === 'Ama');
    expect(message).toMatchObject({ to: NUMBER, template: 'order_paid', language: 'en' });
    const orderNumber = message.parameters[1]!;
    const link = message.parameters[2]!;
    expect(link).toMatch(/\/order-confirmation\/[A-Za-z0-9_-]{22,}\?lang=en$/);
    // The link is the buyer's order page, in English.
    const orderPage = await phone();
    await orderPage.goto(link.replace(/^https?:\/\/[^/]+/, e2e.shop.url));
    await orderPage.getByText(orderNumber).first().waitFor();
    await orderPage.context().close();

    const admin = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'emails', 390);
    await admin.setViewportSize({ width: 390, height: 844 });
    const adminErrors = trackPageErrors(admin);
    await admin.getByRole('heading', { name: 'WhatsApp Messages' }).waitFor();
    const row = admin.getByTestId('whatsapp-row').filter({ hasText: orderNumber });
    await expect
      .poll(
        async () => {
          await admin.getByRole('button', { name: 'Refresh' }).click();
          return row.getAttribute('data-status');
        },
        { timeout: 20_000 },
      )
      .toBe('read');
    await row.scrollIntoViewIfNeeded();
    await keepScreenshot(admin, 'whatsapp-admin-messages-390', { fullPage: true });

    // The order's timeline says what was sent and what Meta reported.
    await row.getByRole('link', { name: orderNumber }).click();
    await admin.getByRole('link', { name: orderNumber }).first().click();
    const timeline = admin.getByTestId('order-timeline');
    await timeline.waitFor();
    const whatsapp = timeline.locator('[data-kind="whatsapp"]');
    await expect
      .poll(() => whatsapp.allTextContents())
      .toEqual([
        expect.stringContaining('WhatsApp “guides ready”: read'),
        expect.stringContaining('WhatsApp “guides ready”: delivered'),
        expect.stringContaining(`WhatsApp “guides ready” to +${NUMBER}: sent`),
      ]);
    await keepScreenshot(admin, 'whatsapp-admin-timeline-390', { fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Messages' })
      .click();
    await admin.getByRole('heading', { name: 'WhatsApp Messages' }).waitFor();
    await admin.getByTestId('whatsapp-row').first().waitFor();
    await keepScreenshot(admin, 'whatsapp-admin-messages-1280', { fullPage: true });
    expect([...errors, ...adminErrors]).toEqual([]);
    await page.context().close();
    await admin.context().close();
  });
});
