import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Guide } from '../../src/shared/contracts/catalogue';
import { insertGuide, makeGuidePdf } from '../helpers/fixtures';
import { insertOrder } from '../helpers/orders';
import { keepScreenshot, launchBrowser, type RunningShop, SCREENSHOT_DIR, startShop } from './harness';

const ADMIN_KEY = 'e2e-admin-key-guides-0123456789ab';
const FILELESS_TITLE = 'Dakar sans fichier (e2e)';
const ORDERED_TITLE = 'Guide déjà acheté (e2e)';
const NEW_TITLE = 'Saint-Louis Senegal weekend e2e';
let shop: RunningShop;
let browser: Browser;
let tempDir: string;
const files: Record<'cover' | 'webp' | 'pdf' | 'bigPdf', string> = {
  cover: '',
  webp: '',
  pdf: '',
  bigPdf: '',
};

/** A real PDF of about 50 MB: three text pages and an incompressible attachment. */
async function fiftyMegabytePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ['Dakar, big edition', 'Sommaire', 'Chapitre 1']) {
    pdf.addPage([420, 595]).drawText(text, { x: 40, y: 540, size: 20, font });
  }
  await pdf.attach(randomBytes(49_900_000), 'photos.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startShop({
      env: { ADMIN_API_KEY: ADMIN_KEY },
      prepare: async (deps) => {
        await insertGuide(deps, { title: FILELESS_TITLE, locale: 'fr', price: '5.00' });
        const ordered = await insertGuide(deps, {
          title: ORDERED_TITLE,
          locale: 'fr',
          price: '3.00',
          isActive: false,
          withPdf: true,
        });
        await insertOrder(deps.db, { guides: [ordered], status: 'completed' });
      },
    }),
    launchBrowser(),
  ]);
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'admin-guides-e2e-'));
  files.cover = path.join(tempDir, 'cover.png');
  files.webp = path.join(tempDir, 'cover.webp');
  files.pdf = path.join(tempDir, 'guide.pdf');
  files.bigPdf = path.join(tempDir, 'big-guide.pdf');
  const image = sharp({ create: { width: 600, height: 800, channels: 3, background: '#b45309' } });
  await Promise.all([
    writeFile(files.cover, await image.clone().png().toBuffer()),
    writeFile(files.webp, await image.clone().webp().toBuffer()),
    writeFile(files.pdf, await makeGuidePdf(NEW_TITLE)),
    writeFile(files.bigPdf, await fiftyMegabytePdf()),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${shop.url}/admin/guides`);
  await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await page.getByRole('columnheader', { name: 'Product' }).waitFor();
  return { context, page };
}

const row = (page: Page, title: string) =>
  page.locator('[data-testid="guide-row"]').filter({ hasText: title });

async function englishGuides(): Promise<Guide[]> {
  return (await (await fetch(`${shop.url}/api/travel-guides?locale=en`)).json()) as Guide[];
}

describe('the admin Guides tab', () => {
  test('filters by language, with Clear Filter only while filtered', async () => {
    const { context, page } = await signedIn();
    const rows = page.locator('[data-testid="guide-row"]');
    const all = await rows.count();
    expect(all).toBeGreaterThan(10);
    expect(await page.getByRole('button', { name: 'Clear Filter' }).count()).toBe(0);

    await page.getByLabel('Language').selectOption('en');
    await page.getByRole('button', { name: 'Clear Filter' }).waitFor();
    await expect.poll(async () => (await rows.count()) < all && (await rows.count()) > 0).toBe(true);
    const badges = await rows.locator('span', { hasText: /^(EN|FR)$/ }).allTextContents();
    expect(new Set(badges)).toEqual(new Set(['EN']));

    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await expect.poll(() => rows.count()).toBe(all);
    expect(await page.getByLabel('Language').inputValue()).toBe('all');
    if (SCREENSHOT_DIR) {
      await keepScreenshot(page, 'admin-guides', { fullPage: true });
      await page.setViewportSize({ width: 360, height: 780 });
      await keepScreenshot(page, 'admin-guides-phone');
    }
    await context.close();
  });

  test('creates a guide with a cover and a 50 MB PDF, shows it with its preview, then unpublishes it', async () => {
    const { context, page } = await signedIn();
    await page.getByRole('button', { name: 'Add New Guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Travel Guide' });
    await dialog.waitFor();

    // Every browser-side check, with the spec's texts.
    await dialog.getByLabel('Title').fill('');
    await dialog.getByLabel('Price (EUR)').fill('');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Description is required').waitFor();
    await dialog.getByText('Price is required').waitFor();
    await dialog.getByText('Cover image and primary PDF are required').waitFor();
    await dialog.getByLabel(/^Cover image/).setInputFiles(files.webp);
    await dialog.getByText('Please select a JPEG or PNG image').waitFor();
    await dialog.getByLabel(/^Primary PDF/).setInputFiles(files.cover);
    await dialog.getByText('Please select a PDF file').waitFor();

    await dialog.getByLabel('Title').fill(NEW_TITLE);
    await dialog.getByLabel('Description').fill('Two days in the old colonial capital, by the river.');
    await dialog.getByLabel('Price (EUR)').fill('7.50');
    await dialog.getByLabel('Language').selectOption('en');
    await dialog.getByLabel(/^Cover image/).setInputFiles(files.cover);
    await dialog.getByLabel(/^Primary PDF/).setInputFiles(files.bigPdf);
    await keepScreenshot(page, 'admin-guide-dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByRole('button', { name: 'Saving...' }).waitFor();
    await page.getByText('Travel guide created successfully with files').waitFor({ timeout: 90_000 });
    await dialog.waitFor({ state: 'hidden' });
    const created = row(page, NEW_TITLE);
    await created.getByText('Active', { exact: true }).waitFor();
    await created.getByText('€7.50').waitFor();
    await created.getByText(/^4\d MB · 3 pages$/).waitFor();

    // The storefront lists it at once, in English, with its table-of-contents preview.
    const listed = (await englishGuides()).find((g) => g.title === NEW_TITLE);
    expect(listed?.price).toBe('7.50');
    const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await shopper.addCookies([{ name: 'lang', value: 'en', url: shop.url }]);
    const storefront = await shopper.newPage();
    await storefront.goto(`${shop.url}/senegal`);
    const card = storefront.locator('[data-testid="guide-card"]').filter({ hasText: NEW_TITLE });
    await card.waitFor();
    await storefront.waitForLoadState('networkidle');
    await card.hover();
    const preview = card.getByRole('img', { name: `Contents of the guide "${NEW_TITLE}"` });
    await preview.waitFor({ state: 'visible', timeout: 5000 });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Unpublish asks first; refusing keeps it, accepting removes it from the storefront at once.
    const prompts: string[] = [];
    page.once('dialog', (d) => {
      prompts.push(d.message());
      void d.dismiss();
    });
    await created.getByRole('button', { name: `Unpublish ${NEW_TITLE}` }).click();
    await expect.poll(() => prompts.length).toBe(1);
    expect(prompts[0]).toBe(
      'This will unpublish the travel guide (remove it from the storefront). You can republish it later. Continue?',
    );
    expect((await englishGuides()).some((g) => g.title === NEW_TITLE)).toBe(true);
    page.once('dialog', (d) => void d.accept());
    await created.getByRole('button', { name: `Unpublish ${NEW_TITLE}` }).click();
    await page.getByText('Travel guide unpublished successfully').waitFor();
    await created.getByText('Inactive', { exact: true }).waitFor();
    expect((await englishGuides()).some((g) => g.title === NEW_TITLE)).toBe(false);
    await storefront.reload();
    await storefront.locator('[data-testid="guide-card"]').first().waitFor();
    expect(await card.count()).toBe(0);

    // Republish through the Active checkbox of the edit dialog.
    await created.getByRole('button', { name: `Edit ${NEW_TITLE}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Travel Guide' });
    expect(await edit.getByLabel('Title').inputValue()).toBe(NEW_TITLE);
    await edit.getByLabel('Active (visible to customers)').check();
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Travel guide updated successfully', { exact: true }).waitFor();
    expect((await englishGuides()).some((g) => g.title === NEW_TITLE)).toBe(true);

    await shopper.close();
    await context.close();
  }, 180_000);

  test('a cancelled upload saves nothing', async () => {
    const { context, page } = await signedIn();
    const before = await page.locator('[data-testid="guide-row"]').count();
    // Hold the request so the transfer is still running when Cancel is pressed.
    let held = false;
    await page.route('**/api/admin/guides', () => {
      held = true;
    });
    await page.getByRole('button', { name: 'Add New Guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Travel Guide' });
    await dialog.getByLabel('Title').fill('Never saved');
    await dialog.getByLabel('Description').fill('Cancelled while uploading.');
    await dialog.getByLabel(/^Cover image/).setInputFiles(files.cover);
    await dialog.getByLabel(/^Primary PDF/).setInputFiles(files.pdf);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await expect.poll(() => held).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel upload' }).click();
    await page.getByText('Upload cancelled').waitFor();
    await dialog.getByRole('button', { name: 'Create' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.unroute('**/api/admin/guides');
    const stored = (await (
      await fetch(`${shop.url}/api/admin/travel-guides`, { headers: { 'x-admin-key': ADMIN_KEY } })
    ).json()) as { title: string }[];
    expect(stored.length).toBe(before);
    expect(stored.some((g) => g.title === 'Never saved')).toBe(false);
    await context.close();
  });

  test('a guide without a file gets its PDF from its row', async () => {
    const { context, page } = await signedIn();
    const fileless = row(page, FILELESS_TITLE);
    await fileless.getByRole('button', { name: 'Upload PDF' }).waitFor();
    await fileless.getByLabel(`PDF file for ${FILELESS_TITLE}`).setInputFiles(files.cover);
    await page.getByText('Please select a PDF file').waitFor();
    await fileless.getByLabel(`PDF file for ${FILELESS_TITLE}`).setInputFiles(files.pdf);
    await page.getByText('PDF uploaded successfully').waitFor();
    await fileless.getByText(/· 3 pages/).waitFor();
    expect(await fileless.getByRole('button', { name: 'Upload PDF' }).count()).toBe(0);
    await context.close();
  });

  test('permanent delete: disabled with the reason for an ordered guide, done after confirmation otherwise', async () => {
    const { context, page } = await signedIn();
    const ordered = row(page, ORDERED_TITLE);
    // the operator sees why before clicking, not after.
    const remove = ordered.getByRole('button', { name: `Delete ${ORDERED_TITLE}` });
    await remove.waitFor();
    expect(await remove.isDisabled()).toBe(true);
    await ordered.getByText(/has been ordered/).waitFor();
    expect(await ordered.count()).toBe(1);

    // The guide created and unpublished above? Use a fresh inactive one: unpublish the fileless guide.
    const fileless = row(page, FILELESS_TITLE);
    page.once('dialog', (d) => void d.accept());
    await fileless.getByRole('button', { name: `Unpublish ${FILELESS_TITLE}` }).click();
    await fileless.getByText('Inactive', { exact: true }).waitFor();
    const prompts: string[] = [];
    page.once('dialog', (d) => {
      prompts.push(d.message());
      void d.accept();
    });
    await fileless.getByRole('button', { name: `Delete ${FILELESS_TITLE}` }).click();
    await page.getByText('Travel guide permanently deleted').waitFor();
    expect(prompts).toEqual([
      'This will permanently delete the travel guide. This action cannot be undone. Are you sure?',
    ]);
    await expect.poll(() => fileless.count()).toBe(0);
    await context.close();
  });
});
