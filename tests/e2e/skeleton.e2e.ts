import { connect } from 'node:net';
import { describe, expect, test } from 'vitest';
import { startShop, trackPageErrors } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

const e2e = withShopAndBrowser();

describe('the walking skeleton in a real browser', () => {
  test('the home page HTML already holds the demo guides before any script runs', async () => {
    const res = await fetch(`${e2e.shop.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="fr"/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    // three latest guides, each with an add-to-cart button, rendered by the server
    expect(html.match(/Ajouter au panier/g)?.length).toBe(3);
  });

  test('the page hydrates without errors and without moving what the server drew', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${e2e.shop.url}/`);
    const before = await page.locator('h1').boundingBox();
    await page.waitForFunction(() => document.querySelector('#root')?.hasChildNodes());
    await page.waitForLoadState('networkidle');
    const after = await page.locator('h1').boundingBox();
    expect(after).toEqual(before);
    const cls = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
              total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 300);
        }),
    );
    expect(cls).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the language toggle switches to English and the choice survives a reload', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page.getByRole('button', { name: 'passer en anglais' }).click();
    await page.getByText('Latest guides').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.reload();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByText('Latest guides').waitFor();
    // the server rendered English in the first HTML: the toggle now offers French
    expect(await page.getByRole('button', { name: 'switch to French' }).textContent()).toBe('FR');
    await context.close();
  });

  test('every public page fits a 360 px phone without sideways scrolling', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const path of [
      '/',
      '/guides',
      '/senegal',
      '/cote-divoire',
      '/maroc',
      '/about',
      '/contact',
      '/faq',
      '/privacy',
      '/terms',
      '/nowhere',
    ]) {
      await page.goto(`${e2e.shop.url}${path}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ path, width }).toEqual({ path, width: 360 });
    }
    await context.close();
  });

  test('tooltips open after 700 ms of hover; F8 moves focus to the notifications', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.shop.url}/`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Rechercher un guide' }).hover();
    await page.waitForTimeout(400);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await page.getByRole('tooltip', { name: 'Rechercher un guide' }).waitFor({ timeout: 1500 });
    await page.mouse.move(0, 400);
    await expect.poll(() => page.getByRole('tooltip').count(), { timeout: 1500 }).toBe(0);
    await page.keyboard.press('F8');
    expect(
      await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-label')),
    ).toBe('Notifications (F8)');
    await page.close();
  });

  test('an unknown page answers 404 with the 404 page, in French by default', async () => {
    const page = await e2e.browser.newPage();
    const response = await page.goto(`${e2e.shop.url}/this/does/not/exist`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
    await page.close();
  });

  test('/admin redirects to /admin/analytics, and a shopper page never loads admin code', async () => {
    const page = await e2e.browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${e2e.shop.url}/senegal`);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('admin'))).toBe(false);
    await page.goto(`${e2e.shop.url}/admin`);
    expect(new URL(page.url()).pathname).toBe('/admin/analytics');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('admin'))).toBe(true);
    await page.close();
  });

  test('SIGTERM finishes the request in flight, then exits with code 0', async () => {
    const other = await startShop();
    const port = Number(new URL(other.url).port);
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => {
      response += chunk;
    });
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // The request has started (headers half sent) when the signal arrives…
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((r) => setTimeout(r, 100));
    const exitCode = other.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    expect(other.process.exitCode).toBeNull();
    // …and still gets its answer once it completes.
    socket.write('Connection: close\r\n\r\n');
    await ended;
    expect(response).toMatch(/^HTTP\/1.1 200 OK/);
    expect(response).toContain('{"status":"ok"}');
    expect(await exitCode).toBe(0);
    // New connections are refused once it has gone.
    await expect(fetch(`${other.url}/healthz`)).rejects.toThrow();
  });
});
