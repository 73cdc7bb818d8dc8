import { readFile } from 'node:fs/promises';
import { isNotNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { travelGuides } from '../../src/server/db/schema';
import { LIBRARY_TOKEN_FRAGMENT } from '../../src/shared/library-pages';
import { readEmail } from '../helpers/mail';
import { insertOrder } from '../helpers/orders';
import { pdfPageTexts } from '../helpers/pdf';
import { keepScreenshot, trackPageErrors } from './harness';
import { newPage } from './mobile-money-support';
import { withShopAndBrowser } from './shop-and-browser';

// "My guides" on a phone, in French and in English: sign in from the email the shop
// sent, see two orders' guides, download one stamped with the buyer's name, sign out.

const BUYERS = {
  fr: { email: 'awa.library@example.com', first: 'Awa', last: 'Diop' },
  en: { email: 'kofi.library@example.com', first: 'Kofi', last: 'Mensah' },
} as const;

const LABELS = {
  fr: {
    path: '/mes-guides',
    nav: 'Mes guides',
    email: 'Adresse e-mail',
    send: 'Recevoir mon lien',
    sent: 'Vérifiez votre boîte mail',
    subject: /Mes guides/,
    open: 'Ouvrir mes guides',
    order: /^Commande GA-/,
    download: 'Télécharger',
    signOut: 'Se déconnecter',
    form: 'Retrouvez tous vos guides',
    used: 'Ce lien a déjà servi',
    receipt: 'Reçu de la commande (PDF)',
  },
  en: {
    path: '/my-guides',
    nav: 'My guides',
    email: 'Email address',
    send: 'Send me my link',
    sent: 'Check your inbox',
    subject: /My guides/,
    open: 'Open my guides',
    order: /^Order GA-/,
    download: 'Download',
    signOut: 'Sign out',
    form: 'Find all your guides',
    used: 'This link was already used',
    receipt: 'Order receipt (PDF)',
  },
} as const;

/** The demo guide with a light edition made at seed time (tests/e2e/light-edition.e2e.ts). */
const DAKAR = 'senegal-dakar-essentiel-fr';
const EDITION = {
  fr: {
    line: /^Édition \d{4} — mise à jour le \d{1,2} \p{L}+$/u,
    light: /^Version légère : .* FCFA de données$/,
  },
  en: {
    line: /^\d{4} edition — updated \d{1,2} \p{L}+$|^Edition \d{4} — updated \d{1,2} \p{L}+$/u,
    light: /^Light edition: .* FCFA of data$/,
  },
} as const;

const e2e = withShopAndBrowser({
  shop: {
    // Two orders per buyer (three guides), written as checkout leaves them; a mixed-case email on one.
    prepare: async ({ db }) => {
      const guides = await db.select().from(travelGuides).where(isNotNull(travelGuides.pdfPrimaryFileId));
      expect(guides.length).toBeGreaterThanOrEqual(3);
      // The demo Dakar guide (photographs, so a light edition) is the first order's.
      guides.sort((a, b) => Number(b.slug === DAKAR) - Number(a.slug === DAKAR));
      for (const [locale, buyer] of Object.entries(BUYERS) as ['fr' | 'en', (typeof BUYERS)['fr']][]) {
        const who = { locale, firstName: buyer.first, lastName: buyer.last };
        await insertOrder(db, { ...who, guides: [guides[0]!], email: buyer.email.toUpperCase() });
        await insertOrder(db, { ...who, guides: [guides[1]!, guides[2]!], email: buyer.email });
      }
    },
  },
  smtp: true,
});

/** The sign-in emails a buyer received, oldest first. */
const signInMails = (to: string) =>
  e2e.smtp.received
    .filter((m) => m.to.some((address) => address.toLowerCase() === to))
    .map((m) => readEmail(m.raw))
    .filter((m) => /Mes guides|My guides/.test(m.subject));

async function signInFromEmail(page: Page, locale: 'fr' | 'en'): Promise<void> {
  const t = LABELS[locale];
  const buyer = BUYERS[locale];
  await page.goto(`${e2e.shop.url}/?lang=${locale}`);
  await page.getByRole('link', { name: t.nav, exact: true }).click();
  await page.waitForURL(`**${t.path}`);
  await page.getByLabel(t.email).fill(buyer.email);
  const before = signInMails(buyer.email).length;
  await keepScreenshot(page, `library-${locale}-form-${page.viewportSize()?.width}`);
  await page.getByRole('button', { name: t.send }).click();
  await page.getByRole('heading', { name: t.sent }).waitFor();
  await expect.poll(() => signInMails(buyer.email).length, { timeout: 20_000 }).toBe(before + 1);
  const mail = signInMails(buyer.email).at(-1)!;
  expect(mail.subject).toMatch(t.subject);
  const link = new RegExp(`https?://\\S+#${LIBRARY_TOKEN_FRAGMENT}=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(link).toContain(`${t.path}?lang=${locale}#`);
  await page.goto(link!);
  // Opening the address signs nothing in: only the button does (a mail scanner's fetch spends nothing).
  await page.getByRole('button', { name: t.open }).click();
  await page.getByRole('heading', { name: t.order }).first().waitFor();
  expect(page.url()).not.toContain(LIBRARY_TOKEN_FRAGMENT);
}

describe.each(['fr', 'en'] as const)('My guides in %s, on a phone', (locale) => {
  test('sign in from the emailed link, see two orders, download a stamped guide, sign out', async () => {
    const t = LABELS[locale];
    const page = await newPage(e2e.browser, 390, 844);
    const errors = trackPageErrors(page);
    await signInFromEmail(page, locale);

    await expect.poll(() => page.getByRole('heading', { name: t.order }).count()).toBe(2);
    await expect.poll(() => page.getByRole('button', { name: t.download, exact: true }).count()).toBe(3);
    await keepScreenshot(page, `library-${locale}-390`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.download, exact: true }).first().click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { first, last } = BUYERS[locale];
    for (const text of await pdfPageTexts(pdf)) expect(text).toContain(`${first} ${last}`);

    // as on the order page: each guide's edition and date, and for the Dakar guide
    // the light or full choice with sizes and data cost; the light one downloads smaller, stamped.
    const dakar = page.locator('li', { has: page.getByTestId('edition-choice') }).first();
    await expect.poll(() => page.getByTestId('order-edition').count()).toBe(3);
    for (const line of await page.getByTestId('order-edition').locator('p').allTextContents())
      expect(line).toMatch(EDITION[locale].line);
    const light = dakar.getByRole('radio', { name: EDITION[locale].light });
    await light.check();
    await keepScreenshot(page, `library-${locale}-light-390`, { fullPage: true });
    const [lightDownload] = await Promise.all([
      page.waitForEvent('download'),
      dakar.getByRole('button', { name: t.download, exact: true }).click(),
    ]);
    expect(lightDownload.suggestedFilename()).toMatch(/-light-GA-[A-Z0-9]+\.pdf$/);
    const lightPdf = await readFile((await lightDownload.path())!);
    for (const text of await pdfPageTexts(lightPdf)) expect(text).toContain(`${first} ${last}`);

    // Each order's receipt is there too, in the order's language, not stamped and not expiring.
    await expect.poll(() => page.getByRole('link', { name: t.receipt }).count()).toBe(2);
    const [receipt] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t.receipt }).first().click(),
    ]);
    const receiptText = (await pdfPageTexts(await readFile((await receipt.path())!))).join(' ');
    expect(receiptText).toMatch(/GA-/);
    expect(receiptText).toMatch(/FCFA/);

    // Still signed in after a reload (the cookie), then signed out.
    await page.reload();
    await page.getByRole('heading', { name: t.order }).first().waitFor();
    await page.getByRole('button', { name: t.signOut, exact: true }).click();
    await page.getByRole('heading', { name: t.form }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: t.form }).waitFor();
    // A signed-out browser's one call is answered 401 by design (the page then shows the form): the
    // browser logs it; anything else is a fault.
    expect(errors.filter((e) => !e.includes('status of 401 (Unauthorized)'))).toEqual([]);
    await page.context().close();
  });
});

test('a desktop shows the library too; the first link, already used, says so in the page', async () => {
  const page = await newPage(e2e.browser, 1280, 800);
  await signInFromEmail(page, 'fr');
  await keepScreenshot(page, 'library-fr-1280', { fullPage: true });
  // The first sign-in email this buyer received: its link was spent by the phone above.
  const first = signInMails(BUYERS.fr.email)[0]!;
  const link = new RegExp(`https?://\\S+#${LIBRARY_TOKEN_FRAGMENT}=[A-Za-z0-9_-]{43}`).exec(first.text)?.[0];
  const again = await newPage(e2e.browser, 390, 844);
  await again.goto(link!);
  await again.getByRole('button', { name: LABELS.fr.open }).click();
  await again.getByText(LABELS.fr.used).waitFor();
  await again.getByRole('heading', { name: LABELS.fr.form }).waitFor();
  await keepScreenshot(again, 'library-fr-used-390');
  await page.context().close();
  await again.context().close();
});
