import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { trackPageErrors } from './harness';
import { newPage, SHOPPER, waitForMail } from './mobile-money-support';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * a shopper places a mobile-money order and closes the dialog without paying. The
 * email tells them how to pay, and the order page waits for the payment (not "we are checking")
 * with the reference, the wallets, the payment link and the receipt form. On a phone, in both languages.
 */
const PAY_URL = 'https://pay.example/guides-afrique?ref={reference}&amount={amount}';
const WALLETS = ['Wave', 'Orange Money', 'MTN MoMo', 'Moov Money', 'Free Money'];

const ui = {
  fr: {
    addToCart: 'Ajouter au panier',
    cart: 'Votre panier',
    checkout: 'Passer à la caisse',
    checkoutTitle: 'Paiement sécurisé',
    tab: 'Payer par mobile money',
    place: 'Commander et payer par mobile money',
    dialog: 'Payez par mobile money',
    close: 'Fermer',
    subject: /^Comment payer votre commande /,
    waiting: 'En attente de votre paiement',
    checking: 'Nous vérifions votre paiement mobile money',
    openLink: /Ouvrir la page de paiement/,
    send: 'Envoyer le reçu',
    verifying: 'Commande en attente de vérification',
  },
  en: {
    addToCart: 'Add to cart',
    cart: 'Your cart',
    checkout: 'Proceed to Checkout',
    checkoutTitle: 'Secure Checkout',
    tab: 'Pay with mobile money',
    place: 'Order and pay with mobile money',
    dialog: 'Pay by mobile money',
    close: 'Close',
    subject: /^How to pay for your order /,
    waiting: 'Waiting for your payment',
    checking: 'We are checking your mobile money payment',
    openLink: /Open the payment page/,
    send: 'Send receipt',
    verifying: 'Order awaiting verification',
  },
} as const;

const e2e = withShopAndBrowser({ shop: { env: { MOBILE_MONEY_PAYMENT_URL: PAY_URL } }, smtp: true });

/** Cart, mobile-money tab, form, order; then the shopper closes the dialog without paying. */
async function orderAndClose(page: Page, lang: 'fr' | 'en', email: string): Promise<string> {
  const t = ui[lang];
  await page.goto(`${e2e.shop.url}/?lang=${lang}&search=dakar`);
  await page.locator('[data-testid="guide-card"]').first().getByRole('button', { name: t.addToCart }).click();
  await page.getByRole('dialog', { name: t.cart }).getByRole('link', { name: t.checkout }).click();
  await page.getByRole('heading', { name: t.checkoutTitle }).waitFor();
  await page.getByRole('tab', { name: t.tab }).click();
  for (const [name, value] of Object.entries({ email, ...SHOPPER })) {
    await page.locator(`input[name="${name}"]`).fill(value);
  }
  await page.getByRole('button', { name: t.place }).click();
  const dialog = page.getByRole('dialog', { name: t.dialog });
  await dialog.waitFor();
  const reference = (await dialog.getByTestId('mobile-money-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^MM[2-9A-HJKMNP-Z]{8}$/);
  await dialog.getByRole('button', { name: t.close }).click();
  await dialog.waitFor({ state: 'hidden' });
  return reference;
}

const proofPng = () =>
  sharp({ create: { width: 320, height: 640, channels: 3, background: '#ff7900' } })
    .png()
    .toBuffer();

describe('a mobile-money order left unpaid', () => {
  for (const lang of ['fr', 'en'] as const) {
    test(`${lang}, 390 px: the email says how to pay, and the order page waits for the payment and takes the receipt`, async () => {
      const t = ui[lang];
      const email = `pending-${lang}@example.com`;
      const page = await newPage(e2e.browser, 390, 844);
      const errors = trackPageErrors(page);
      const reference = await orderAndClose(page, lang, email);

      const mail = await waitForMail(e2e.smtp, email, t.subject);
      expect(mail.text).toContain(reference);
      expect(mail.text).toContain('FCFA');
      for (const wallet of WALLETS) expect(mail.text).toContain(wallet);
      expect(mail.text).toMatch(
        new RegExp(`https://pay\\.example/guides-afrique\\?ref=${reference}&amount=\\d+`),
      );
      const orderPath = new RegExp(`/order-confirmation/[A-Za-z0-9_-]{22,}\\?lang=${lang}`).exec(
        mail.text,
      )?.[0];
      expect(orderPath).toBeDefined();

      await page.goto(`${e2e.shop.url}${orderPath}`);
      await page.getByRole('heading', { name: t.waiting }).waitFor();
      expect(await page.getByText(t.checking).count()).toBe(0);
      await page.getByText(reference, { exact: true }).waitFor();
      await page.getByText('FCFA').first().waitFor();
      const payLink = page.getByRole('link', { name: t.openLink });
      expect(await payLink.getAttribute('href')).toMatch(
        new RegExp(`^https://pay\\.example/guides-afrique\\?ref=${reference}&amount=\\d+$`),
      );
      for (const wallet of WALLETS) {
        await page.getByRole('listitem').filter({ hasText: wallet }).first().waitFor();
      }
      // Nothing overflows the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.locator('input[type="file"]').setInputFiles({
        name: 'recu.png',
        mimeType: 'image/png',
        buffer: await proofPng(),
      });
      await page.getByRole('button', { name: t.send }).click();
      await page.getByRole('heading', { name: t.verifying }).waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
