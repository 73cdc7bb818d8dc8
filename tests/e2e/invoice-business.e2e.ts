import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import type { Guide } from '../../src/shared/contracts/catalogue';
import { pdfPageTexts } from '../helpers/pdf';
import { keepScreenshot, trackPageErrors } from './harness';
import { newPage } from './mobile-money-support';
import { withShopAndBrowser } from './shop-and-browser';

/** A buyer names the business to invoice from the order page, after paying (docs/features/invoices.md). */
const e2e = withShopAndBrowser();

describe.each([
  [
    'fr',
    390,
    'Ajouter au panier',
    'Votre panier',
    'Passer à la caisse',
    /^Payer/,
    'Voir et télécharger mes guides',
  ],
  ['en', 1280, 'Add to cart', 'Your cart', 'Proceed to Checkout', /^Pay /, 'View and download my guides'],
] as const)('%s at %i px', (lang, width, add, cart, checkout, pay, view) => {
  test('the invoice is replaced by one in the business name, with a credit note cancelling the first', async () => {
    const guides = (await (await fetch(`${e2e.shop.url}/api/travel-guides?locale=fr`)).json()) as Guide[];
    const guide = guides.find((g) => !g.price.startsWith('0'))!;
    const page = await newPage(e2e.browser, width, 844);
    const errors = trackPageErrors(page);
    await page.goto(`${e2e.shop.url}/guides/${guide.slug}?lang=${lang}`);
    await page.getByRole('button', { name: add }).first().click();
    await page.getByRole('dialog', { name: cart }).getByRole('link', { name: checkout }).click();
    for (const [name, value] of Object.entries({
      email: `entreprise.${lang}@example.sn`,
      firstName: 'Fatou',
      lastName: 'Ndiaye',
      mobile: '+221 77 123 45 67',
    }))
      await page.locator(`input[name="${name}"]`).fill(value);
    await page.getByRole('button', { name: pay }).click();
    await page.getByRole('link', { name: view }).click();
    const invoice = page.getByRole('link', { name: lang === 'fr' ? /^Facture \d/ : /^Invoice \d/ });
    const first = await invoice.textContent();

    await page
      .getByText(lang === 'fr' ? 'Facture au nom d’une entreprise' : 'Invoice in the name of a business')
      .click();
    await page.getByLabel(lang === 'fr' ? 'Raison sociale' : 'Business name').fill('Teranga SARL');
    await page
      .getByRole('button', {
        name: lang === 'fr' ? 'Établir la facture à ce nom' : 'Put the invoice in this name',
      })
      .click();
    await expect.poll(() => invoice.textContent()).not.toBe(first);
    await page.getByRole('link', { name: lang === 'fr' ? /^Avoir AV-/ : /^Credit note AV-/ }).waitFor();
    await keepScreenshot(page, `invoice-business-${lang}-${width}`, { fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
    const text = (await pdfPageTexts(await readFile((await download.path())!))).join('\n');
    expect(text).toContain('Teranga SARL');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
