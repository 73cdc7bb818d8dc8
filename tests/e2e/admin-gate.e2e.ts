import { describe, expect, test } from 'vitest';
import { withShopAndBrowser } from './shop-and-browser';

const ADMIN_KEY = 'e2e-admin-key-0123456789abcdef';
const e2e = withShopAndBrowser({ shop: { env: { ADMIN_API_KEY: ADMIN_KEY } } });

describe('the admin access gate', () => {
  test('refuses a blank or wrong key, then grants access in memory only', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.shop.url}/admin/guides`);
    await page.getByRole('heading', { name: 'Admin Authentication Required' }).waitFor();
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await page.getByText('API key is required').waitFor();
    await page.getByLabel('Admin API Key').fill('wrong-key-wrong-key');
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await page.getByText('Invalid API key').waitFor();
    await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await page.getByText('Admin access granted (memory only)').waitFor();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.getAttribute('[data-testid="admin-tab"]', 'data-tab')).toBe('guides');
    expect(await page.evaluate(() => localStorage.getItem('adminKey'))).toBeNull();
    // memory only: a reload asks again
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Authentication Required' }).waitFor();
    await page.close();
  });

  test('a persistent key survives a reload until it expires; Logout forgets it', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/admin/analytics`);
    await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
    await page.getByLabel('Remember key (persist in localStorage)').check();
    await page.getByText('Security warning').waitFor();
    expect(await page.getByLabel('Expires after').inputValue()).toBe('15');
    await page.getByLabel('Expires after').selectOption('5');
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await page.getByText('Admin access granted (persistent for 5 minutes)').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Authentication Required' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminKey'))).toBeNull();
    // an expired record is forgotten on load
    await page.evaluate(
      (key) => localStorage.setItem('adminKey', JSON.stringify({ key, expiresAt: Date.now() - 1 })),
      ADMIN_KEY,
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Authentication Required' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminKey'))).toBeNull();
    await context.close();
  });

  test('a 401 in one admin tab logs out every other admin tab', async () => {
    const context = await e2e.browser.newContext();
    const first = await context.newPage();
    await first.goto(`${e2e.shop.url}/admin/guides`);
    await first.getByLabel('Admin API Key').fill(ADMIN_KEY);
    await first.getByLabel('Remember key (persist in localStorage)').check();
    await first.getByRole('button', { name: 'Access Dashboard' }).click();
    await first.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const second = await context.newPage();
    await second.goto(`${e2e.shop.url}/admin/content`);
    await second.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    // The key is refused from now on in the first tab (as after a rotation).
    await first.route('**/api/admin/session', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"message":"Invalid admin API key"}',
      }),
    );
    await first.getByRole('link', { name: 'Media' }).click();
    await first.getByRole('heading', { name: 'Admin Authentication Required' }).waitFor();
    await second.getByRole('heading', { name: 'Admin Authentication Required' }).waitFor();
    await context.close();
  });

  test('a mistyped key is sent once, never used by the dashboard, and two typos do not lock the operator out', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    // Another admin tab is signed in; a typo in this one must not log it out.
    const other = await context.newPage();
    await other.goto(`${e2e.shop.url}/admin/guides`);
    await other.getByLabel('Admin API Key').fill(ADMIN_KEY);
    await other.getByRole('button', { name: 'Access Dashboard' }).click();
    await other.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    const sentWithKey = new Map<string, number>();
    page.on('request', (request) => {
      const key = request.headers()['x-admin-key'];
      if (key) sentWithKey.set(key, (sentWithKey.get(key) ?? 0) + 1);
    });
    await page.goto(`${e2e.shop.url}/admin/analytics`);
    for (const typo of ['e2e-admin-key-typo-one', 'e2e-admin-key-typo-two']) {
      await page.getByLabel('Admin API Key').fill(typo);
      await page.getByRole('button', { name: 'Access Dashboard' }).click();
      await page.getByText('Invalid API key').first().waitFor();
      await page.getByRole('heading', { name: 'Admin Authentication Required' }).waitFor();
    }
    await page.getByLabel('Admin API Key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByTestId('analytics-funnel').waitFor();
    expect(sentWithKey.get('e2e-admin-key-typo-one')).toBe(1);
    expect(sentWithKey.get('e2e-admin-key-typo-two')).toBe(1);
    expect(await other.getByRole('heading', { name: 'Admin Dashboard' }).isVisible()).toBe(true);
    await context.close();
  });
});
