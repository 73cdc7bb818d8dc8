import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cinetpayAmountXof } from '../../src/server/adapters/mobile-money/cinetpay';
import { type CinetPayFake, startCinetPayFake } from '../../src/server/adapters/mobile-money/cinetpay-fake';
import { readEmail } from '../helpers/mail';
import { pdfPageTexts } from '../helpers/pdf';
import { keepScreenshot, seriousAccessibilityViolations, trackPageErrors } from './harness';
import { newPage, orderByMobileMoney, signedInAdmin, waitForMail } from './mobile-money-support';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * Automatic mobile money in Chromium: the shop as a real process configured for CinetPay,
 * pointed at the CinetPay fake on 127.0.0.1, whose hosted page pays, refuses, or "loses" the
 * notification. From the cart to the hosted page, back to the order page, and the download.
 */

const KEYS = { apiKey: 'e2e-cp-api-key', siteId: '445160', secretKey: 'e2e-cp-secret' };
const ADMIN_KEY = 'e2e-cinetpay-admin-key-0123456789';
const OPERATOR = 'desk@guides.example';

let fake: CinetPayFake;
beforeAll(async () => {
  fake = await startCinetPayFake(KEYS);
});
const e2e = withShopAndBrowser({
  shop: () => ({
    env: {
      ADMIN_API_KEY: ADMIN_KEY,
      OPERATOR_EMAIL: OPERATOR,
      CINETPAY_API_KEY: KEYS.apiKey,
      CINETPAY_SITE_ID: KEYS.siteId,
      CINETPAY_SECRET_KEY: KEYS.secretKey,
      CINETPAY_API_URL: fake.url,
    },
  }),
  smtp: true,
});
afterAll(async () => {
  await fake?.close();
});

/** The fake's transaction for the order on this page (the return URL names the order's public id). */
function transactionOf(orderPageUrl: string) {
  const publicId = /\/order-confirmation\/([A-Za-z0-9_-]+)/.exec(orderPageUrl)?.[1] ?? '';
  const matching = [...fake.transactions.values()].filter((t) => t.returnUrl.endsWith(`/${publicId}`));
  const latest = matching.at(-1);
  if (!latest) throw new Error(`The fake has no transaction for ${publicId}`);
  return { latest, all: matching };
}

/** The dialog's first option: to the provider's hosted page. */
async function payNow(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Payez par mobile money' });
  await Promise.all([
    page.waitForURL(`${fake.url}/pay/**`),
    dialog.getByRole('button', { name: 'Payer maintenant par mobile money' }).click(),
  ]);
}

/** On the fake's hosted page: what the shopper does there, then back on the shop's order page. */
async function onHostedPage(
  page: Page,
  action: 'Pay' | 'Pay (notification lost)' | 'Refuse' | 'Back to the shop',
) {
  const control =
    action === 'Back to the shop'
      ? page.getByRole('link', { name: action })
      : page.getByRole('button', { name: action, exact: true });
  await Promise.all([page.waitForURL(`${e2e.shop.url}/order-confirmation/**`), control.click()]);
}

async function downloadFirstGuide(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger', exact: true }).first().click(),
  ]);
  return readFile((await download.path())!);
}

describe('automatic mobile money through CinetPay', () => {
  test('from the cart to the hosted page, back to the order page, and the stamped download', async () => {
    const page = await newPage(e2e.browser, 360, 780);
    const errors = trackPageErrors(page);
    const { dialog } = await orderByMobileMoney(page, e2e.shop.url, 'dakar', 'awa.paie@example.com');
    // 'Pay now' first; the receipt flow folded under 'I already paid / upload a receipt'.
    const payButton = dialog.getByRole('button', { name: 'Payer maintenant par mobile money' });
    await payButton.waitFor();
    const fallback = dialog.getByText('J’ai déjà payé / envoyer un reçu');
    await fallback.waitFor();
    expect(await dialog.getByRole('button', { name: 'Envoyer le reçu' }).isVisible()).toBe(false);
    await keepScreenshot(page, 'cinetpay-dialog-360', { fullPage: true });
    await fallback.click();
    await dialog.getByRole('button', { name: 'Envoyer le reçu' }).waitFor();
    await fallback.click();

    await payNow(page);
    // The hosted page asks for the order's total in FCFA, computed by the server at 655.957 per euro.
    const amount = await page.getByTestId('amount').textContent();

    // Paying sends the signed notification, then the shopper back: the order page offers the downloads.
    await onHostedPage(page, 'Pay');
    await page.getByRole('heading', { name: 'Commande terminée !' }).waitFor();
    await keepScreenshot(page, 'cinetpay-order-paid-360', { fullPage: true });
    // The hosted page asked for the order's total at 655.957 FCFA per euro, up to a multiple of 5.
    const publicId = /\/order-confirmation\/([A-Za-z0-9_-]+)/.exec(page.url())?.[1];
    const { total } = (await (await fetch(`${e2e.shop.url}/api/orders/${publicId}`)).json()) as {
      total: string;
    };
    expect(amount).toBe(`${cinetpayAmountXof(Math.round(Number(total) * 100))} XOF`);
    const pdf = await downloadFirstGuide(page);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect((await pdfPageTexts(pdf)).join('\n')).toContain('Aminata Touré');

    const delivery = await waitForMail(
      e2e.smtp,
      'awa.paie@example.com',
      /^Guides Afrique : vos guides de la commande/,
    );
    expect(delivery.text).toContain('/order-confirmation/');
    // One delivery email, though the notification and the return both confirmed the payment.
    await new Promise((r) => setTimeout(r, 1_000));
    // (The other email to this address is the payment instructions sent when the order was placed.)
    const toShopper = e2e.smtp.received
      .filter((m) => m.to.includes('awa.paie@example.com'))
      .map((m) => readEmail(m.raw));
    expect(
      toShopper.filter((m) => /^Guides Afrique : vos guides de la commande/.test(m.subject)),
    ).toHaveLength(1);

    // The operator sees it in the Mobile Money tab, paid through CinetPay, with its transaction id.
    const { latest } = transactionOf(page.url());
    const admin = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'mobile-money');
    const row = admin.getByTestId('mobile-money-order').filter({ hasText: latest.transactionId });
    await row.waitFor();
    await row.getByText('Validated').waitFor();
    expect(await row.getByTestId('provider-status').textContent()).toBe('ACCEPTED');
    expect(await row.getByRole('button', { name: 'Validate' }).isDisabled()).toBe(true);
    await keepScreenshot(admin, 'cinetpay-admin-1280', { fullPage: true });
    await admin.setViewportSize({ width: 360, height: 780 });
    await row.getByTestId('provider-status').waitFor();
    await keepScreenshot(admin, 'cinetpay-admin-360', { fullPage: true });
    expect(errors).toEqual([]);
    await admin.context().close();
    await page.context().close();
  });

  test('the order page waits, then turns into the download page by itself when the payment is confirmed', async () => {
    const page = await newPage(e2e.browser, 1280);
    const errors = trackPageErrors(page);
    await orderByMobileMoney(page, e2e.shop.url, 'abidjan', 'attente@example.com');
    await payNow(page);
    // The shopper comes back without having paid yet (the wallet's prompt still on the phone).
    await onHostedPage(page, 'Back to the shop');
    await page.getByRole('heading', { name: 'Paiement en cours de confirmation' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'sans recharger la page' }).waitFor();
    await page.getByRole('button', { name: 'Reprendre le paiement' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, 'cinetpay-order-waiting-1280', { fullPage: true });
    await page.evaluate(() => {
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });

    // The payment goes through on the phone; CinetPay notifies the shop.
    const { latest } = transactionOf(page.url());
    fake.settle(latest.transactionId, 'ACCEPTED');
    expect(await fake.deliverNotification(latest.transactionId)).toBe(200);
    await page.getByRole('heading', { name: 'Commande terminée !' }).waitFor({ timeout: 15_000 });
    await page.getByText('Paiement confirmé : vos guides sont prêts.').waitFor();
    // The page changed under the shopper: focus goes to its new heading.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Commande terminée\u00a0!');
    // Without a reload: the same document, now with the downloads.
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(
      true,
    );
    const pdf = await downloadFirstGuide(page);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await waitForMail(e2e.smtp, 'attente@example.com', /^Guides Afrique : vos guides de la commande/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a refused payment can be tried again; a lost notification is made up for by the return', async () => {
    const page = await newPage(e2e.browser, 360, 780);
    const errors = trackPageErrors(page);
    await orderByMobileMoney(page, e2e.shop.url, 'dakar', 'refus@example.com');
    await payNow(page);
    await onHostedPage(page, 'Refuse');
    await page.getByRole('heading', { name: 'Le paiement n’a pas abouti' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'refusé ou annulé' }).waitFor();
    expect(await page.getByRole('button', { name: 'Télécharger', exact: true }).count()).toBe(0);
    // The receipt flow stays available under the fallback.
    await page.getByText('J’ai déjà payé / envoyer un reçu').click();
    await page.getByRole('button', { name: 'Envoyer le reçu' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, 'cinetpay-order-failed-360', { fullPage: true });

    // Trying again starts a new transaction with the provider.
    await Promise.all([
      page.waitForURL(`${fake.url}/pay/**`),
      page.getByRole('button', { name: 'Réessayer le paiement' }).click(),
    ]);
    // Paid, but the operator never sends the notification: the return's own check completes the order.
    await onHostedPage(page, 'Pay (notification lost)');
    await page.getByRole('heading', { name: 'Commande terminée !' }).waitFor();
    const { all } = transactionOf(page.url());
    expect(all.map((t) => t.status)).toEqual(['REFUSED', 'ACCEPTED']);
    const pdf = await downloadFirstGuide(page);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await waitForMail(e2e.smtp, 'refus@example.com', /^Guides Afrique : vos guides de la commande/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a payment CinetPay accepted for too little goes to the operator; the page stops waiting', async () => {
    const page = await newPage(e2e.browser, 360, 780);
    await orderByMobileMoney(page, e2e.shop.url, 'abidjan', 'moins@example.com');
    await payNow(page);
    // The wallet took 5 FCFA less than asked.
    const tx = [...fake.transactions.values()].at(-1)!;
    tx.amount -= 5;
    await onHostedPage(page, 'Pay');
    await page.getByRole('heading', { name: 'Paiement en cours de vérification' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Inutile de payer à nouveau' }).waitFor();
    expect(await page.getByRole('button', { name: /payer|paiement/i }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Télécharger', exact: true }).count()).toBe(0);
    await keepScreenshot(page, 'cinetpay-order-review-360', { fullPage: true });

    const admin = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'mobile-money');
    const row = admin.getByTestId('mobile-money-order').filter({ hasText: tx.transactionId });
    await row
      .getByText(`Needs attention: ACCEPTED for ${tx.amount} XOF, expected ${tx.amount + 5} XOF`)
      .waitFor();
    await admin.getByText('1 automatic payment needs attention').waitFor();
    expect(await row.getByRole('button', { name: 'Validate' }).isDisabled()).toBe(false);
    // The operator is told by email as well.
    const notice = await waitForMail(e2e.smtp, OPERATOR, /^CinetPay payment to check/);
    expect(notice.text).toContain(tx.transactionId);
    await admin.context().close();
    await page.context().close();
  });
});
