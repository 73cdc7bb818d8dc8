import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { pdfPageTexts } from '../helpers/pdf';
import { keepScreenshot, trackPageErrors } from './harness';
import { payByTestCard, withShopAndBrowser } from './shop-and-browser';

// the demo Dakar guide has photographs, so the shop made its light edition at seed time.
// A buyer on a phone sees both sizes and what each costs in data, on the guide page and the order
// page, picks the light one, and gets a smaller PDF stamped with their name.

const e2e = withShopAndBrowser();

async function phonePage(): Promise<Page> {
  const context = await e2e.browser.newContext({
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  return context.newPage();
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

describe('the light edition on a phone', () => {
  test('offered with its size and cost on the guide page and the order page, smaller, and stamped', async () => {
    const page = await phonePage();
    const errors = trackPageErrors(page);

    await page.goto(`${e2e.shop.url}/guides/senegal-dakar-essentiel-fr`);
    const costs = page.getByTestId('download-cost');
    await costs.getByText(/^Version légère : [\d,]+ (Ko|Mo) [≈<] \d+ FCFA de données$/).waitFor();
    await expect
      .poll(() => costs.textContent())
      .toMatch(/Version complète : [\d,]+ Mo ≈ \d+ FCFA de données/);
    await keepScreenshot(page, 'light-guide-page-390', { fullPage: true });

    const { dialog, orderNumber } = await payByTestCard(page, e2e.shop.url, {
      search: 'Dakar essentiel',
      shopper: {
        email: 'aminata.light@example.com',
        firstName: 'Aminata',
        lastName: 'Ndiaye',
        mobile: '+221 77 000 00 00',
      },
    });
    await dialog.getByRole('link', { name: 'Voir et télécharger mes guides' }).click();
    await page.getByRole('heading', { name: 'Commande terminée !' }).waitFor();

    const choice = page.getByTestId('edition-choice');
    const light = choice.getByRole('radio', { name: /^Version légère : .* FCFA de données$/ });
    const full = choice.getByRole('radio', { name: /^Version complète : [\d,]+ Mo ≈ \d+ FCFA de données$/ });
    await light.waitFor();
    expect(await full.isChecked()).toBe(true);
    await light.check();
    await keepScreenshot(page, 'light-order-page-390', { fullPage: true });

    const lightFile = await download(page, () =>
      page.getByRole('button', { name: 'Télécharger', exact: true }).first().click(),
    );
    expect(lightFile.name).toMatch(/-light-GA-[A-Z0-9]+\.pdf$/);
    await full.check();
    const fullFile = await download(page, () =>
      page.getByRole('button', { name: 'Télécharger', exact: true }).first().click(),
    );
    expect(fullFile.name).not.toContain('-light');
    expect(lightFile.bytes.length).toBeLessThan(fullFile.bytes.length * 0.7);
    const pages = await pdfPageTexts(lightFile.bytes);
    for (const text of pages) expect(text).toContain('Aminata Ndiaye');
    expect(pages.join('\n')).toContain(orderNumber);

    const lightZip = await download(page, () =>
      page.getByRole('button', { name: /Tout télécharger en version légère/ }).click(),
    );
    expect(lightZip.name).toMatch(/-light\.zip$/);
    expect(lightZip.bytes.length).toBeLessThan(fullFile.bytes.length);

    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });

  test('in English on a desktop, the same lines in English', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/guides/senegal-dakar-essentials-en?lang=en`);
    const costs = page.getByTestId('download-cost');
    await costs.getByText(/^Light edition: [\d.]+ (KB|MB) [≈<] \d+ FCFA of data$/).waitFor();
    await costs.getByText(/^Full edition: [\d.]+ MB ≈ \d+ FCFA of data$/).waitFor();
    await keepScreenshot(page, 'light-guide-page-1280-en');
  });
});
