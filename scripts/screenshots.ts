// Screenshots of the running shop at phone and desktop width, to look at what shoppers see.
// Usage: npm run screenshots -- [base-url] [out-dir]   (default http://127.0.0.1:3000, docs/screenshots)
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { launchBrowser } from '../tests/e2e/harness';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const outDir = process.argv[3] ?? 'docs/screenshots';
const pages = (process.env.PAGES ?? '/,/senegal,/guides,/faq,/about,/nowhere,/?lang=en').split(',');

await mkdir(outDir, { recursive: true });
const browser = await launchBrowser();
const shots: Record<string, { phone: string; desktop: string }> = {};
for (const pagePath of pages) {
  const name =
    pagePath === '/' ? 'home' : pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  shots[name] = { phone: '', desktop: '' };
  for (const [device, viewport] of [
    ['phone', { width: 360, height: 740 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(new URL(pagePath, base).href, { waitUntil: 'networkidle' });
    const file = path.join(outDir, `${name}-${device}.png`);
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
    shots[name][device] = file;
    await context.close();
  }
}
await browser.close();

// The README's picture: the home page on a phone beside the same page on a desktop.
const home = shots.home;
if (home) {
  const phone = await sharp(home.phone).toBuffer();
  const desktop = await sharp(home.desktop).toBuffer();
  await sharp({ create: { width: 360 + 24 + 1280, height: 800, channels: 3, background: '#e7e5e4' } })
    .composite([
      { input: phone, left: 0, top: 30 },
      { input: desktop, left: 384, top: 0 },
    ])
    .png()
    .toFile(path.join(outDir, 'home.png'));
}
console.log(`Screenshots written to ${outDir}`);
