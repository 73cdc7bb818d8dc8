import { describe, expect, test } from 'vitest';
import { trackPageErrors } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

/** a language kept only in localStorage (no cookie) was ignored on load. */
const e2e = withShopAndBrowser();

describe('the stored language', () => {
  // No error at all: a page React could not render whole would show as a blocked inline script (CSP) or a
  // hydration mismatch here.
  test.each([
    ['390 px', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ])(
    'English kept only in localStorage is the language on load, and the next page is rendered in it (%s)',
    async (_, viewport) => {
      const context = await e2e.browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await page.goto(`${e2e.shop.url}/`);
      await page.getByRole('button', { name: 'Ouvrir le panier' }).first().waitFor();
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
      await context.clearCookies();

      await page.reload();
      await page.getByRole('button', { name: 'Open cart' }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');

      // The cookie now carries it: the server's own HTML is English.
      const html = await (await page.goto(`${e2e.shop.url}/faq`))!.text();
      expect(html).toContain('<html lang="en"');
      // English is a chunk of its own: the page names it so that it downloads beside the entry.
      expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/en-[\w-]+\.js">/);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  test('a French choice in the cookie is kept even if localStorage says otherwise', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/?lang=fr`);
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto(`${e2e.shop.url}/`);
    await page.getByRole('button', { name: 'Ouvrir le panier' }).first().waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await context.close();
  });
});
