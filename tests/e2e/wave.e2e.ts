import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CinetPayFake, startCinetPayFake } from '../../src/server/adapters/mobile-money/cinetpay-fake';
import { startWaveFake, type WaveFake } from '../../src/server/adapters/wave/wave-fake';
import { keepScreenshot, trackPageErrors } from './harness';
import { newPage, orderByMobileMoney, signedInAdmin, waitForMail } from './mobile-money-support';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * Wave Checkout (docs/features/wave.md) in Chromium at a phone's width: the shop as a real process
 * pointed at the Wave fake on 127.0.0.1, whose launch page pays and sends the signed webhook before
 * the buyer comes back. Then the operator refunds the order through Wave from the order desk.
 */

const KEYS = { apiKey: 'wave_sn_e2e_key_0123456789', signingSecret: 'wave_sn_WHS_e2e_secret' };
const ADMIN_KEY = 'e2e-wave-admin-key-0123456789abc';

const CINETPAY = { apiKey: 'e2e-wave-cp-key', siteId: '445161', secretKey: 'e2e-wave-cp-secret' };

let fake: WaveFake;
let cinetpay: CinetPayFake;
beforeAll(async () => {
  fake = await startWaveFake(KEYS);
  cinetpay = await startCinetPayFake(CINETPAY);
});
const e2e = withShopAndBrowser({
  shop: () => ({
    env: {
      ADMIN_API_KEY: ADMIN_KEY,
      WAVE_API_KEY: KEYS.apiKey,
      WAVE_SIGNING_SECRET: KEYS.signingSecret,
      WAVE_API_URL: fake.url,
      CINETPAY_API_KEY: CINETPAY.apiKey,
      CINETPAY_SITE_ID: CINETPAY.siteId,
      CINETPAY_SECRET_KEY: CINETPAY.secretKey,
      CINETPAY_API_URL: cinetpay.url,
    },
  }),
  smtp: true,
});
afterAll(async () => {
  await fake?.close();
  await cinetpay?.close();
});

describe('paying with Wave', () => {
  test('choose Wave, pay on its launch page, come back to a completed order and its email; then a refund from the desk', async () => {
    fake.webhookUrl = `${e2e.shop.url}/api/wave/webhook`;
    const email = 'moussa.wave@example.com';
    const page = await newPage(e2e.browser, 390, 844);
    const errors = trackPageErrors(page);
    const { dialog } = await orderByMobileMoney(page, e2e.shop.url, 'dakar', email);
    const wave = dialog.getByRole('button', { name: 'Payer avec Wave' });
    await wave.waitFor();
    await keepScreenshot(page, 'wave-dialog-390', { fullPage: true });
    await Promise.all([page.waitForURL(`${fake.url}/c/**`), wave.click()]);
    const session = [...fake.sessions.values()].at(-1)!;
    expect(await page.getByTestId('amount').textContent()).toBe(`${session.amount} XOF`);
    await Promise.all([
      page.waitForURL(`${e2e.shop.url}/order-confirmation/**`),
      page.getByRole('button', { name: 'Payer', exact: true }).click(),
    ]);
    await page.getByRole('heading', { name: 'Commande terminée !' }).waitFor();
    await keepScreenshot(page, 'wave-order-paid-390', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    const delivery = await waitForMail(e2e.smtp, email, /^Guides Afrique : vos guides de la commande/);
    expect(delivery.text).toContain('/order-confirmation/');

    // The operator refunds it from the order desk, through Wave; the order shows it.
    const desk = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'orders', 390);
    const deskErrors = trackPageErrors(desk);
    await desk.getByRole('searchbox', { name: 'Search orders' }).fill(email);
    await desk.getByRole('button', { name: 'Search', exact: true }).click();
    await desk.getByRole('link', { name: /^GA-/ }).first().click();
    await desk.getByTestId('order-page').waitFor();
    await desk.getByRole('button', { name: 'Refund', exact: true }).click();
    const refund = desk.getByRole('dialog', { name: 'Refund this order' });
    await refund.getByText('Wave refunds a payment whole').waitFor();
    await refund.getByRole('button', { name: 'Refund through Wave' }).click();
    await refund.waitFor({ state: 'hidden' });
    await desk.getByText('in full: downloads closed (Wave)', { exact: false }).first().waitFor();
    expect(await desk.getByTestId('order-page').textContent()).toContain('in full: downloads closed (Wave)');
    expect(session.refundedWith).not.toBeNull();
    await keepScreenshot(desk, 'wave-refund-desk-390', { fullPage: true });
    expect(errors).toEqual([]);
    expect(deskErrors).toEqual([]);
    await desk.context().close();
    await page.context().close();
  });

  test('a failed Wave payment leaves the order payable: Wave again, CinetPay, or the receipt, in both languages', async () => {
    fake.webhookUrl = `${e2e.shop.url}/api/wave/webhook`;
    const page = await newPage(e2e.browser, 1280);
    const errors = trackPageErrors(page);
    const { dialog } = await orderByMobileMoney(page, e2e.shop.url, 'abidjan', 'fatou.echec@example.com');
    // Wave first, then the other wallets through CinetPay, then the receipt.
    const order = await dialog.getByRole('button').allTextContents();
    expect(order.indexOf('Payer avec Wave')).toBeLessThan(order.indexOf('Payer maintenant par mobile money'));
    await Promise.all([
      page.waitForURL(`${fake.url}/c/**`),
      dialog.getByRole('button', { name: 'Payer avec Wave' }).click(),
    ]);
    await Promise.all([
      page.waitForURL(`${e2e.shop.url}/order-confirmation/**`),
      page.getByRole('button', { name: 'Échec du paiement' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Le paiement n’a pas abouti' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Wave indique que le paiement n’a pas abouti' })
      .waitFor();
    await page.getByRole('button', { name: 'Payer à nouveau avec Wave' }).waitFor();
    await page.getByRole('button', { name: 'Payer maintenant par mobile money' }).waitFor();
    await page.getByText('J’ai déjà payé / envoyer un reçu').waitFor();
    await keepScreenshot(page, 'wave-failed-fr-1280', { fullPage: true });
    await page.getByRole('button', { name: 'EN — passer en anglais' }).click();
    await page.getByRole('button', { name: 'Pay with Wave again' }).waitFor();
    await page.getByRole('button', { name: 'Pay now with mobile money' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, 'wave-failed-en-390', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    // Wave again opens a new session on the launch page.
    const before = fake.sessions.size;
    await Promise.all([
      page.waitForURL(`${fake.url}/c/**`),
      page.getByRole('button', { name: 'Pay with Wave again' }).click(),
    ]);
    expect(fake.sessions.size).toBe(before + 1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
