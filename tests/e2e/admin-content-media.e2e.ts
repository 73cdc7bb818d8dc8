import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { keepScreenshot } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

const ADMIN_KEY = 'e2e-admin-key-0123456789abcdef';
const ORIGINAL_TITLE = 'Partez bien préparé en Côte d’Ivoire, au Sénégal et au Maroc';
const e2e = withShopAndBrowser({ shop: { env: { ADMIN_API_KEY: ADMIN_KEY } } });
let tempDir: string;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'admin-media-e2e-'));
});
afterAll(async () => {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

async function signedIn(tab: 'content' | 'media'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.shop.url });
  const page = await context.newPage();
  await page.goto(`${e2e.shop.url}/admin/${tab}`);
  await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  return { context, page };
}

async function homeTitle(page: Page): Promise<string> {
  const home = await page.context().newPage();
  await home.goto(`${e2e.shop.url}/`);
  const heading = home.getByRole('heading', { level: 1 });
  await heading.waitFor();
  // The hero title comes from the content API; wait until it is filled.
  await home.waitForFunction(() => (document.querySelector('h1')?.textContent ?? '').trim().length > 0);
  const text = (await heading.textContent()) ?? '';
  await home.close();
  return text.trim();
}

describe('the admin Content tab', () => {
  test('edits a block, the storefront shows it, and History restores version 1', async () => {
    const { context, page } = await signedIn('content');
    await page.getByRole('heading', { name: 'Bilingual Content Management' }).waitFor();
    expect(await page.getByLabel('Locale').inputValue()).toBe('fr');
    expect(await homeTitle(page)).toBe(ORIGINAL_TITLE);

    const block = page.locator('[data-testid="content-block"][data-key="home.hero.title"]');
    await block.getByText(ORIGINAL_TITLE).waitFor();
    await block.getByRole('button', { name: 'Edit' }).click();
    const textarea = block.getByLabel('Value for home.hero.title');
    await textarea.fill('   ');
    await block.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Value is required').waitFor();

    const edited = 'Voyagez serein grâce à nos guides (e2e)';
    await textarea.fill(edited);
    await block.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Content updated successfully').waitFor();
    await block.getByText(edited).waitFor();
    await block.getByText(/^v2 ·/).waitFor();
    expect(await homeTitle(page)).toBe(edited);

    await block.getByRole('button', { name: 'History' }).click();
    const versions = block.getByTestId('content-version');
    await expect.poll(() => versions.count()).toBe(2);
    // the current version has no Restore button
    expect(await block.getByRole('button', { name: 'Restore version 2' }).count()).toBe(0);
    await block.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByText('Content rolled back successfully').waitFor();
    await block.getByText(/^v3 ·/).waitFor();
    await expect.poll(() => versions.count()).toBe(3);
    expect(await homeTitle(page)).toBe(ORIGINAL_TITLE);

    // Creating needs a key and a value; a created block shows in the list.
    await page.getByRole('button', { name: 'Create Content' }).click();
    await page.getByText('Key is required').waitFor();
    await page.getByLabel('Key').fill('e2e.created');
    await page.getByRole('button', { name: 'Create Content' }).click();
    await page.getByText('Value is required').waitFor();
    await page.getByLabel('Type').selectOption('html');
    await page.getByLabel('Value', { exact: true }).fill('<p>Hello <strong>admin</strong></p>');
    await page.getByRole('button', { name: 'Create Content' }).click();
    await page.getByText('Content created successfully').waitFor();
    const created = page.locator('[data-testid="content-block"][data-key="e2e.created"]');
    await created.locator('iframe').waitFor();
    const frame = created.frameLocator('iframe');
    await frame.locator('strong', { hasText: 'admin' }).waitFor();

    await keepScreenshot(page, 'admin-content');
    await context.close();
  });
});

describe('the admin Media tab', () => {
  test('uploads an image, copies its URL, and deletes it', async () => {
    const { context, page } = await signedIn('media');
    await page.getByRole('button', { name: 'Upload Image' }).waitFor();
    const items = page.getByTestId('media-item');
    const before = await items.count();

    // A non-image is refused in the browser.
    const textFile = path.join(tempDir, 'notes.txt');
    await writeFile(textFile, 'not an image');
    await page.getByLabel('Image file').setInputFiles(textFile);
    await page.getByText('Please select an image file').waitFor();

    const pngFile = path.join(tempDir, 'e2e-pixel.png');
    await writeFile(
      pngFile,
      await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 110 } } })
        .png()
        .toBuffer(),
    );
    await page.getByLabel('Image file').setInputFiles(pngFile);
    await page.getByText('Media uploaded successfully').waitFor();
    const item = items.filter({ hasText: 'e2e-pixel' });
    await item.waitFor();
    expect(await items.count()).toBe(before + 1);
    const thumb = item.locator('img');
    expect(await thumb.getAttribute('src')).toMatch(/^\/api\/images\/.+\?w=320$/);
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await keepScreenshot(page, 'admin-media');

    await item.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByText('Copied', { exact: true }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${e2e.shop.url}/api/images/`));

    page.once('dialog', (dialog) => dialog.accept());
    await item.getByRole('button', { name: /^Delete/ }).click();
    await page.getByText('Media deleted successfully').waitFor();
    await item.waitFor({ state: 'detached' });
    expect(await items.count()).toBe(before);
    await context.close();
  });
});
