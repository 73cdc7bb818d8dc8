import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Guide } from '../../src/shared/contracts/catalogue';
import { makeGuidePdf } from '../helpers/fixtures';
import { pdfPageTexts } from '../helpers/pdf';
import { keepScreenshot, trackPageErrors } from './harness';
import { newPage, signedInAdmin, waitForMail } from './mobile-money-support';
import { withShopAndBrowser } from './shop-and-browser';

// editions: two buyers of one guide (one in French, one in English) on phones; the
// operator publishes a new edition from the guide's admin page with "tell past buyers"; each email
// arrives in its buyer's language; the order page's Download gives the new edition stamped, and
// the edition bought stays one tap away.

const ADMIN_KEY = 'e2e-admin-key-editions-0123456789';
const e2e = withShopAndBrowser({
  shop: { env: { ADMIN_API_KEY: ADMIN_KEY, EDITION_EMAILS_PER_SECOND: '20' } },
  smtp: true,
});
let guide: Guide;

beforeAll(async () => {
  const list = (await (await fetch(`${e2e.shop.url}/api/travel-guides?locale=fr`)).json()) as Guide[];
  guide = list.find((g) => !g.price.startsWith('0'))!;
});

const LABELS = {
  fr: {
    add: 'Ajouter au panier',
    cart: 'Votre panier',
    checkout: 'Passer à la caisse',
    pay: /^Payer/,
    done: 'Merci pour votre commande !',
    view: 'Voir et télécharger mes guides',
  },
  en: {
    add: 'Add to cart',
    cart: 'Your cart',
    checkout: 'Proceed to Checkout',
    pay: /^Pay /,
    done: 'Thank you for your order!',
    view: 'View and download my guides',
  },
};

/** Buys the guide by test card on a phone, in `locale`, and opens the order page. */
async function buy(locale: 'fr' | 'en', email: string, firstName: string): Promise<Page> {
  const page = await newPage(e2e.browser, 390, 844);
  const l = LABELS[locale];
  await page.goto(`${e2e.shop.url}/guides/${guide.slug}?lang=${locale}`);
  await page.getByRole('button', { name: l.add }).first().click();
  await page.getByRole('dialog', { name: l.cart }).getByRole('link', { name: l.checkout }).click();
  for (const [name, value] of Object.entries({
    email,
    firstName,
    lastName: 'Test',
    mobile: '+225 07 11 22 33 44',
  }))
    await page.locator(`input[name="${name}"]`).fill(value);
  await page.getByRole('button', { name: l.pay }).click();
  const dialog = page.getByRole('dialog', { name: l.done });
  await dialog.waitFor();
  await dialog.getByRole('link', { name: l.view }).click();
  await page.locator('[data-testid="order-edition"]').waitFor();
  return page;
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return (await pdfPageTexts(await readFile((await download.path())!))).join('\n');
}

describe('a new edition reaches past buyers', () => {
  let fr: Page;
  let en: Page;

  test('two buyers, one in each language, see the edition on the order page', async () => {
    fr = await buy('fr', 'awa.edition@example.com', 'Awa');
    en = await buy('en', 'john.edition@example.com', 'John');
    expect(await fr.locator('[data-testid="order-edition"]').textContent()).toMatch(
      /^Édition \d{4} — mise à jour le \d+ \S+/,
    );
    expect(await en.locator('[data-testid="order-edition"]').textContent()).toMatch(
      /^\d{4} edition — updated \d+ \S+/,
    );
  });

  test('the operator publishes edition 2 on a phone, telling past buyers, and sees the progress', async () => {
    const page = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'emails', 390);
    const errors = trackPageErrors(page);
    // A full load would ask for the key again: the tabs are links inside the page.
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Guides' }).click();
    await page.getByRole('button', { name: `Editions of ${guide.title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Editions of ${guide.title}` });
    await dialog.getByTestId('edition-item').first().waitFor();
    await dialog.locator('input[name="pdfPrimary"]').setInputFiles({
      name: 'guide-2027.pdf',
      mimeType: 'application/pdf',
      buffer: await makeGuidePdf('Nouvelle edition 2027'),
    });
    // The guide is French: the French texts are asked; English is optional, under its own heading.
    await dialog.getByLabel('Label (e.g. Édition 2027; empty: the year)').fill('Édition 2027');
    await dialog
      .getByLabel('What changed (in French, the guide’s language)')
      .fill('Nouveaux tarifs des visas.');
    await dialog.getByText('Also in English (optional)').click();
    await dialog.getByLabel('Label in English').fill('2027 edition');
    await dialog.getByLabel('What changed, in English').fill('New visa prices.');
    await dialog.getByLabel('Tell past buyers by email').check();
    await keepScreenshot(page, 'editions-publish-390', { fullPage: true });
    // A refusal is said inside the dialog, next to what it is about.
    const realPdf = await makeGuidePdf('Nouvelle edition 2027');
    await dialog.locator('input[name="pdfPrimary"]').setInputFiles({
      name: 'guide-2027.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\nnot really a PDF'),
    });
    await dialog.getByRole('button', { name: 'Publish edition' }).click();
    await dialog.getByRole('alert').getByText('Please select a PDF file').waitFor();
    await dialog.locator('input[name="pdfPrimary"]').setInputFiles({
      name: 'guide-2027.pdf',
      mimeType: 'application/pdf',
      buffer: realPdf,
    });
    await dialog.getByRole('button', { name: 'Publish edition' }).click();
    await dialog.getByTestId('edition-mailing').waitFor();
    // The two past buyers, counted by the server as it queued their emails.
    await page.getByText('Published: 2 buyers will be told by email').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.getByTestId('edition-item').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await nav.getByRole('link', { name: 'Messages' }).click();
    const line = page.getByTestId('edition-mailing-row');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return line.textContent();
        },
        { timeout: 20_000 },
      )
      .toContain('2 of 2 sent');
    await keepScreenshot(page, 'editions-emails-tab-390', { fullPage: true });
    // The refused upload above is the one failed request.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  test('on a desktop, an English guide’s editions ask for English only', async () => {
    const list = (await (await fetch(`${e2e.shop.url}/api/travel-guides?locale=en`)).json()) as Guide[];
    const english = list[0]!;
    const page = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'guides', 1280);
    const errors = trackPageErrors(page);
    await page.getByRole('button', { name: `Editions of ${english.title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Editions of ${english.title}` });
    await dialog.getByLabel('What changed (in English, the guide’s language)').waitFor();
    expect(await dialog.locator('textarea[required]').count()).toBe(1);
    expect(await dialog.locator('textarea[name="changesEn"]').getAttribute('required')).not.toBeNull();
    expect(await dialog.getByText('Also in French (optional)').isVisible()).toBe(true);
    await keepScreenshot(page, 'editions-english-guide-1280');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('each buyer gets the email in their language', async () => {
    const awa = await waitForMail(e2e.smtp, 'awa.edition@example.com', /Nouvelle édition/);
    expect(awa.text).toContain('Nouveaux tarifs des visas.');
    expect(awa.text).toContain('/mes-guides');
    const john = await waitForMail(e2e.smtp, 'john.edition@example.com', /New edition/);
    expect(john.text).toContain('New visa prices.');
    expect(john.text).toContain('/my-guides');
  });

  test('Download gives the new edition stamped; the edition bought is still there', async () => {
    for (const [page, locale] of [
      [fr, 'fr'],
      [en, 'en'],
    ] as const) {
      await page.reload();
      const line = page.locator('[data-testid="order-edition"]');
      await line.getByRole('button').waitFor();
      await keepScreenshot(page, `editions-order-${locale}-390`, { fullPage: true });
      const latest = await downloadText(page, () =>
        page
          .getByRole('button', {
            name: LABELS[locale] === LABELS.fr ? 'Télécharger' : 'Download',
            exact: true,
          })
          .click(),
      );
      expect(latest).toContain('Nouvelle edition 2027');
      expect(latest).toContain(locale === 'fr' ? 'Awa Test' : 'John Test');
      const bought = await downloadText(page, () => line.getByRole('button').click());
      expect(bought).not.toContain('Nouvelle edition 2027');
      expect(bought).toContain(locale === 'fr' ? 'Awa Test' : 'John Test');
    }
  });

  test('the guide page shows the new edition and its date, at phone and desktop widths', async () => {
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      const page = await newPage(e2e.browser, width, height);
      await page.goto(`${e2e.shop.url}/guides/${guide.slug}`);
      expect(await page.getByTestId('guide-edition').locator('dd').textContent()).toMatch(
        /Édition 2027 — mise à jour le \d+ \S+/,
      );
      await keepScreenshot(page, `editions-guide-${width}`);
    }
  });
});
