import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

let fake: WaveFake;
beforeAll(async () => {
  fake = await startWaveFake(KEYS);
});
const e2e = withShopAndBrowser({
  shop: () => ({
    env: {
      ADMIN_API_KEY: ADMIN_KEY,
      WAVE_API_KEY: KEYS.apiKey,
      WAVE_SIGNING_SECRET: KEYS.signingSecret,
      WAVE_API_URL: fake.url,
    },
  }),
  smtp: true,
});
afterAll(async () => {
  await fake?.close();
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
    const delivery = await waitForMail(e2e.smtp, email, /^Vos guides Guides Afrique/);
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
    await desk.getByText('Refund of €', { exact: false }).first().waitFor();
    expect(await desk.getByTestId('order-page').textContent()).toContain('(wave): succeeded');
    expect(session.refundedWith).not.toBeNull();
    await keepScreenshot(desk, 'wave-refund-desk-390', { fullPage: true });
    expect(errors).toEqual([]);
    expect(deskErrors).toEqual([]);
    await desk.context().close();
    await page.context().close();
  });
});
