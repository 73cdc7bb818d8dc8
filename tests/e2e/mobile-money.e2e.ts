import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { makeGuidePdf } from '../helpers/fixtures';
import { pdfPageTexts } from '../helpers/pdf';
import { keepScreenshot, SCREENSHOT_DIR, trackPageErrors } from './harness';
import {
  newPage as newPageOn,
  orderByMobileMoney as orderByMobileMoneyOn,
  signedInAdmin as signedInAdminOn,
  waitForMail as waitForMailOn,
} from './mobile-money-support';
import { withShopAndBrowser } from './shop-and-browser';

const ADMIN_KEY = 'e2e-mobile-money-key-0123456789';
const OPERATOR = 'desk@guides.example';

const e2e = withShopAndBrowser({
  shop: {
    env: {
      ADMIN_API_KEY: ADMIN_KEY,
      OPERATOR_EMAIL: OPERATOR,
      MOBILE_MONEY_PAYMENT_URL: 'https://pay.example/guides-afrique?ref={reference}&amount={amount}',
    },
  },
  smtp: true,
});

const waitForMail = (to: string, subject: RegExp) => waitForMailOn(e2e.smtp, to, subject);
const newPage = (width: number, height = 900) => newPageOn(e2e.browser, width, height);
const signedInAdmin = (tab: 'mobile-money' | 'emails', width = 1280) =>
  signedInAdminOn(e2e.browser, e2e.shop.url, ADMIN_KEY, tab, width);

async function orderByMobileMoney(page: Page, search: string, email: string) {
  const placed = await orderByMobileMoneyOn(page, e2e.shop.url, search, email);
  expect(placed.reference).toMatch(/^MM[2-9A-HJKMNP-Z]{8}$/);
  return placed;
}

const receiptPng = () =>
  sharp({ create: { width: 320, height: 640, channels: 3, background: '#ff7900' } })
    .png()
    .toBuffer();

/** The path of the order page linked from an email (the server's public URL is not this test's). */
const orderPath = (text: string) => /\/order-confirmation\/[A-Za-z0-9_-]{22,}\?lang=fr/.exec(text)?.[0];

const pdfText = async (bytes: Buffer) => (await pdfPageTexts(bytes)).join('\n');

describe('paying by mobile money', () => {
  test('the shopper uploads a receipt, the operator views and validates it, the stamped guide downloads', async () => {
    const page = await newPage(360, 780);
    const errors = trackPageErrors(page);
    const { dialog, reference } = await orderByMobileMoney(page, 'dakar', 'aminata.toure@example.com');
    // How to pay: the provider's page with the reference and amount filled in, the five wallets, 24 h.
    const payLink = dialog.getByRole('link', { name: /Ouvrir la page de paiement/ });
    expect(await payLink.getAttribute('href')).toMatch(
      new RegExp(`^https://pay\\.example/guides-afrique\\?ref=${reference}&amount=\\d+$`),
    );
    expect(await payLink.getAttribute('target')).toBe('_blank');
    for (const provider of ['Wave', 'Orange Money', 'MTN MoMo', 'Moov Money', 'Free Money']) {
      await dialog.getByRole('listitem').filter({ hasText: provider }).first().waitFor();
    }
    await dialog.getByText('Nous vérifions votre paiement sous 24 h').waitFor();
    const send = dialog.getByRole('button', { name: 'Envoyer le reçu' });
    expect(await send.isDisabled()).toBe(true);

    // The picker's checks (spec §5).
    const picker = dialog.locator('input[type="file"]');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Veuillez sélectionner un fichier valide (PNG, WEBP, PDF, JPG, JPEG)').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await picker.setInputFiles({
      name: 'enorme.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await page.getByText('La taille du fichier doit être inférieure à 5 Mo').waitFor();

    // A file the server refuses (HTML named .png): the shopper reads why, in French, next to the file
    // field; the log keeps the server's text.
    await picker.setInputFiles({
      name: 'faux.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html></html>'),
    });
    await send.click();
    await page
      .getByTestId('receipt-error')
      .filter({ hasText: 'Veuillez sélectionner un fichier valide (PNG, WEBP, PDF, JPG, JPEG)' })
      .waitFor();
    expect(errors.some((e) => e.includes('Please select a valid file (PNG, WEBP, PDF, JPG, JPEG)'))).toBe(
      true,
    );
    errors.length = 0;

    await dialog.getByLabel('Payé avec').selectOption('Orange Money');
    await picker.setInputFiles({
      name: 'recu-orange.png',
      mimeType: 'image/png',
      buffer: await receiptPng(),
    });
    await send.click();
    await dialog.getByText('Reçu envoyé !').waitFor();
    expect(await picker.count()).toBe(0);
    await keepScreenshot(page, 'mobile-money-dialog-360', { fullPage: true });

    const acknowledgement = await waitForMail('aminata.toure@example.com', /^Reçu de paiement bien reçu/);
    expect(acknowledgement.text).toContain('sous 24 heures');
    const notice = await waitForMail(OPERATOR, /^Receipt to check/);
    expect(notice.text).toContain(reference);
    expect(notice.text).toContain('Orange Money');

    // Closing leads to the order page, which waits for verification instead of offering downloads.
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await page.getByRole('heading', { name: 'Commande en attente de vérification' }).waitFor();
    expect(await page.getByRole('button', { name: 'Télécharger', exact: true }).count()).toBe(0);

    // The operator's desk.
    const admin = await signedInAdmin('mobile-money');
    const row = admin.locator(`[data-testid="mobile-money-order"][data-reference="${reference}"]`);
    await row.waitFor();
    await row.getByText('Pending').waitFor();
    await row.getByText('Aminata Touré').waitFor();
    await row.getByText('+225 07 11 22 33 44').waitFor();
    await keepScreenshot(admin, 'admin-mobile-money-1280', { fullPage: true });
    await row.getByRole('button', { name: 'View' }).click();
    const receipt = admin.getByRole('dialog', { name: /^Receipt for GA-/ });
    const image = receipt.getByRole('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await receipt.getByRole('button', { name: 'Close' }).click();

    // Validate asks once, with the amount due and the reference to compare with the receipt.
    await row.getByRole('button', { name: 'Validate' }).click();
    const confirm = admin.getByRole('dialog', { name: /^Validate order GA-/ });
    expect(await confirm.getByTestId('decision-reference').textContent()).toBe(reference);
    expect(await confirm.getByTestId('decision-amount').textContent()).toMatch(/^\d{1,3}( \d{3})* FCFA \(€/);
    await keepScreenshot(admin, 'admin-mobile-money-validate-1280');
    await confirm.getByRole('button', { name: 'Validate and send the guides' }).click();
    await admin.getByText('Order validated and guide sent to customer').waitFor();
    await row.getByText('Validated').waitFor();
    expect(await row.getByRole('button', { name: 'Validate' }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: 'Reject' }).isDisabled()).toBe(true);

    // The delivery email, as for a card order, reaches the real SMTP server; its link downloads the stamped PDF.
    const delivery = await waitForMail(
      'aminata.toure@example.com',
      /^Guides Afrique : vos guides de la commande/,
    );
    const link = orderPath(delivery.text);
    expect(link).toBeTruthy();
    await page.goto(`${e2e.shop.url}${link}`);
    await page.getByRole('heading', { name: 'Commande terminée !' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger', exact: true }).first().click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(await pdfText(pdf)).toContain('Aminata Touré');
    expect(errors).toEqual([]);
    await admin.context().close();
    await page.context().close();
  });

  test('the operator rejects a receipt: the shopper is emailed and the order page says so', async () => {
    const page = await newPage(1280);
    const { dialog, reference } = await orderByMobileMoney(page, 'abidjan', 'rejet@example.com');
    await keepScreenshot(page, 'mobile-money-dialog-1280', { fullPage: true });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'recu.pdf', mimeType: 'application/pdf', buffer: await makeGuidePdf('Reçu') });
    await dialog.getByRole('button', { name: 'Envoyer le reçu' }).click();
    await dialog.getByText('Reçu envoyé !').waitFor();
    const orderUrl = await dialog.getByRole('link', { name: 'Voir ma commande' }).getAttribute('href');

    const admin = await signedInAdmin('mobile-money', 360);
    const row = admin.locator(`[data-testid="mobile-money-order"][data-reference="${reference}"]`);
    await row.waitFor();
    await keepScreenshot(admin, 'admin-mobile-money-360', { fullPage: true });
    // A PDF receipt is kept as a picture of its pages: it opens in the dialog like a photo.
    await row.getByRole('button', { name: 'View' }).click();
    const receipt = admin.getByRole('dialog', { name: /^Receipt for GA-/ });
    const image = receipt.getByRole('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await receipt.getByRole('button', { name: 'Close' }).click();
    // Reject takes a reason, which the customer reads in the rejection email.
    await row.getByRole('button', { name: 'Reject' }).click();
    const confirm = admin.getByRole('dialog', { name: /^Reject order GA-/ });
    await confirm.getByLabel(/^Reason/).fill('Le reçu montre 5 000 FCFA, pas le montant dû.');
    await keepScreenshot(admin, 'admin-mobile-money-reject-360');
    await confirm.getByRole('button', { name: 'Reject and email the customer' }).click();
    await admin.getByText('Rejection email sent to customer').waitFor();
    await row.getByText('Rejected').waitFor();

    const rejection = await waitForMail('rejet@example.com', /^Paiement non validé/);
    expect(rejection.text).toContain(reference);
    expect(rejection.text).toContain('Motif : Le reçu montre 5 000 FCFA, pas le montant dû.');
    await page.goto(`${e2e.shop.url}${orderUrl}`);
    await page.getByRole('heading', { name: 'Paiement non validé' }).waitFor();
    expect(await page.getByRole('button', { name: 'Télécharger', exact: true }).count()).toBe(0);
    await admin.context().close();
    await page.context().close();
  });

  test('the Emails tab shows the history with the payment methods, and exports the customers', async () => {
    const admin = await signedInAdmin('emails');
    await admin.getByRole('heading', { name: 'Email Management' }).waitFor();
    expect(await admin.getByLabel('Range').inputValue()).toBe('7d');
    const rows = admin.getByTestId('email-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(5);
    await admin.getByRole('cell', { name: 'Mobile Money (Orange Money)' }).first().waitFor();
    await admin.getByText('Delivery Rate').waitFor();
    await admin.getByText('100.0%').waitFor();
    await keepScreenshot(admin, 'admin-emails-1280', { fullPage: true });

    const delivery = rows.filter({ hasText: 'Guides delivery' }).first();
    await delivery.getByRole('button', { name: 'Send Again' }).click();
    await admin.getByText('Email resent successfully').waitFor();
    await waitForMail('aminata.toure@example.com', /^Vos liens de téléchargement/);
    // Leaving the tab and coming back reads the history again (the key stays in memory).
    const nav = admin.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Mobile Money' }).click();
    await nav.getByRole('link', { name: 'Messages' }).click();
    await admin.getByRole('heading', { name: 'Email Management' }).waitFor();
    const retries = admin
      .getByTestId('email-row')
      .filter({ hasText: 'Guides delivery' })
      .first()
      .locator('td')
      .nth(9);
    await expect.poll(async () => (await retries.textContent())?.trim()).toBe('1');

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export Email List' }).click(),
    ]);
    await admin.getByText('Customer email list exported successfully').waitFor();
    const csv = await readFile((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.toString('utf8')).toContain('"Touré"');
    expect(download.suggestedFilename()).toMatch(/^email-list-\d{4}-\d{2}-\d{2}\.csv$/);

    if (SCREENSHOT_DIR) {
      const narrow = await signedInAdmin('emails', 360);
      await narrow.getByRole('heading', { name: 'Email Management' }).waitFor();
      await narrow.getByTestId('email-row').first().waitFor();
      await keepScreenshot(narrow, 'admin-emails-360', { fullPage: true });
      await narrow.context().close();
    }
    await admin.context().close();
  });
});
