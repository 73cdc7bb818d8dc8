import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { mailText } from '../helpers/smtp';
import { checkoutFirstCard, trackPageErrors } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

const e2e = withShopAndBrowser({ smtp: true });

async function phonePage(): Promise<Page> {
  const context = await e2e.browser.newContext({
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  return context.newPage();
}

async function addToCartAndCheckout(page: Page, search: string) {
  await page.goto(`${e2e.shop.url}/?search=${encodeURIComponent(search)}`);
  await checkoutFirstCard(page);
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`input[name="${name}"]`).fill(value);
}

/** The text of a PDF, read by mupdf, to find the buyer's stamp. */
async function pdfText(bytes: Buffer): Promise<string> {
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  let text = '';
  for (let i = 0; i < doc.countPages(); i++)
    text += doc.loadPage(i).toStructuredText('preserve-whitespace').asText();
  return text;
}

const waitForMail = async (to: string) => {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = e2e.smtp.received.filter((m) => m.to.includes(to));
    if (mails.length > 0) return mails;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail reached ${to}`);
};

describe('buying a guide in test mode', () => {
  test('card: from the home page to the stamped PDF, the ZIP and the delivery email', async () => {
    const page = await phonePage();
    const errors = trackPageErrors(page);
    await addToCartAndCheckout(page, 'marrakech');

    // The spec's validation toasts
    await page.getByRole('button', { name: /^Payer/ }).click();
    await page.getByText('Veuillez remplir tous les champs obligatoires.').waitFor();
    await fill(page, {
      email: 'awa.diallo@example.com',
      firstName: 'Awa',
      lastName: 'Diallo',
      mobile: '0700000000',
    });
    await page.getByRole('button', { name: /^Payer/ }).click();
    await page.getByText('Numéro de mobile invalide').waitFor();

    await fill(page, { mobile: '+225 07 00 00 00 00' });
    await page.getByText('MODE TEST — aucun paiement réel').waitFor();
    await page.getByRole('button', { name: /^Payer/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Merci pour votre commande !' });
    await dialog.waitFor();
    const orderNumber = (await dialog.textContent())?.match(/GA-[A-Z0-9]+/)?.[0];
    expect(orderNumber).toBeTruthy();
    await dialog.getByRole('link', { name: 'Voir et télécharger mes guides' }).click();
    await page.getByRole('heading', { name: 'Commande terminée !' }).waitFor();
    await page.getByText(`Commande n° ${orderNumber}`).waitFor();
    // the cart was emptied
    expect(await page.locator('[data-testid="cart-badge"]').count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger', exact: true }).first().click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const text = await pdfText(pdf);
    expect(text).toContain(orderNumber!);
    expect(text).toContain('Awa Diallo');

    const [zipDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Tout télécharger (ZIP)' }).click(),
    ]);
    const zipPath = (await zipDownload.path())!;
    const listing = execFileSync('python3', [
      '-c',
      'import sys,zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))',
      zipPath,
    ]).toString();
    expect(
      listing
        .trim()
        .split('\n')
        .filter((n) => n.endsWith('.pdf')).length,
    ).toBeGreaterThanOrEqual(1);

    const mails = await waitForMail('awa.diallo@example.com');
    expect(mails.length).toBe(1);
    const body = mailText(mails[0]!.raw);
    expect(body).toContain(orderNumber!);
    expect(body).toMatch(/\/order-confirmation\/[A-Za-z0-9_-]{22,}/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a declined card makes no order and says why', async () => {
    const page = await phonePage();
    await addToCartAndCheckout(page, 'dakar');
    await fill(page, {
      email: 'declined@example.com',
      firstName: 'Jean',
      lastName: 'Kouassi',
      mobile: '+225 01 02 03 04 05',
      cardNumber: '4000 0000 0000 0002',
    });
    await page.getByRole('button', { name: /^Payer/ }).click();
    await page.getByText('Paiement refusé').waitFor();
    expect(await page.getByRole('dialog', { name: 'Merci pour votre commande !' }).count()).toBe(0);
    await page.context().close();
  });

  test('when the payment cannot be prepared, the checkout says so and a retry goes through', async () => {
    const page = await phonePage();
    await addToCartAndCheckout(page, 'abidjan');
    await fill(page, {
      email: 'retry@example.com',
      firstName: 'Ada',
      lastName: 'Koné',
      mobile: '+225 05 00 00 00 00',
    });
    await page.route('**/api/create-payment-intent', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: /^Payer/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Impossible de préparer le paiement' });
    await alert.waitFor();
    await page.unroute('**/api/create-payment-intent');
    await alert.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('dialog', { name: 'Merci pour votre commande !' }).waitFor();
    await page.context().close();
  });

  test('free guide: contact information only, then the order page', async () => {
    const page = await phonePage();
    await addToCartAndCheckout(page, 'kit de depart');
    await page.getByRole('heading', { name: 'Coordonnées' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    await fill(page, {
      email: 'free@example.com',
      firstName: 'Moussa',
      lastName: 'Ba',
      mobile: '+221 77 000 00 00',
    });
    await page.getByRole('button', { name: 'Recevoir mes guides gratuits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merci pour votre commande !' });
    await dialog.waitFor();
    await dialog.getByRole('link', { name: 'Voir et télécharger mes guides' }).click();
    await page.getByRole('heading', { name: 'Commande terminée !' }).waitFor();
    await waitForMail('free@example.com');
    await page.context().close();
  });

  test('an unknown order shows Order Not Found and the resend form', async () => {
    const page = await phonePage();
    const response = await page.goto(`${e2e.shop.url}/order-confirmation/not-a-real-order-id-123456`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Commande introuvable' }).waitFor();
    await page.getByRole('heading', { name: 'Renvoyer mes liens' }).waitFor();
    await page.context().close();
  });
});
