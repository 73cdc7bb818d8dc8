import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  checkoutFirstCard,
  chooseCheckoutTab,
  keepScreenshot,
  launchBrowser,
  type RunningShop,
  seriousAccessibilityViolations,
  startShop,
  trackPageErrors,
} from './harness';
import { newPage, SHOPPER, signedInAdmin } from './mobile-money-support';

/**
 * in the browser: the operator's Mobile Money tab under a flood of orders nobody
 * pays. The order with a receipt leads page 1, on a phone and on a desktop; the search finds an
 * order by its reference; the pager walks the rest.
 */
const ADMIN_KEY = 'e2e-mobile-money-tab-key-0123456789';
const FAKES = 60;

let shop: RunningShop;
let browser: Browser;
let real: { reference: string; orderNumber: string };
let fake: { reference: string };
let placeOrder: (email: string, lastName: string) => ReturnType<typeof post>;

async function post(path: string, body: unknown) {
  const res = await fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ order: { id: string; orderNumber: string; djamoReference: string } }>;
}

beforeAll(async () => {
  // Every request of this test comes from 127.0.0.1: the per-client limit is raised for it alone.
  [shop, browser] = await Promise.all([
    startShop({ env: { ADMIN_API_KEY: ADMIN_KEY, ORDER_RATE_LIMIT_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  const guides = (await (await fetch(`${shop.url}/api/travel-guides?locale=fr`)).json()) as {
    id: string;
    price: string;
  }[];
  const guide = guides.find((g) => Number(g.price) > 0)!;
  placeOrder = (email: string, lastName: string) =>
    post('/api/create-djamo-order', {
      email,
      firstName: 'Awa',
      lastName,
      mobile: '+221 77 000 00 00',
      locale: 'fr',
      items: [{ id: guide.id, quantity: 1 }],
      total: Number(guide.price),
    });
  for (let i = 0; i < FAKES; i++) {
    const placed = await placeOrder(`fake-${i}@example.com`, `Fake ${i}`);
    if (i === 0) fake = { reference: placed.order.djamoReference };
  }
  const placed = await placeOrder('aminata.real@example.com', 'Touré');
  real = { reference: placed.order.djamoReference, orderNumber: placed.order.orderNumber };
  const form = new FormData();
  const png = await sharp({ create: { width: 200, height: 400, channels: 3, background: '#ff7900' } })
    .png()
    .toBuffer();
  form.append('receipt', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'recu.png');
  const receipt = await fetch(`${shop.url}/api/orders/${placed.order.id}/receipt`, {
    method: 'POST',
    body: form,
  });
  expect(receipt.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

for (const width of [390, 1280]) {
  test(`at ${width} px: the order with a receipt leads page 1 of ${FAKES + 1} orders; search and pages work`, async () => {
    const admin = await signedInAdmin(browser, shop.url, ADMIN_KEY, 'mobile-money', width);
    const errors = trackPageErrors(admin);
    const rows = admin.getByTestId('mobile-money-order');
    await rows.first().waitFor();
    expect(await rows.first().getAttribute('data-reference')).toBe(real.reference);
    expect(await rows.count()).toBe(50);
    await admin
      .getByTestId('mobile-money-total')
      .getByText(`${FAKES + 1} orders`)
      .waitFor();
    await admin.getByText('Page 1 of 2').waitFor();
    await keepScreenshot(admin, `admin-mobile-money-flood-${width}`);
    // Nothing wider than the screen on a phone.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await admin.getByRole('button', { name: 'Next' }).click();
    await admin.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => rows.count()).toBe(FAKES + 1 - 50);
    await keepScreenshot(admin, `admin-mobile-money-page-2-${width}`, { fullPage: true });

    // The operator types the reference the shopper quotes (in lower case, as it is often read out).
    await admin
      .getByLabel('Search by reference, order number, email or phone')
      .fill(fake.reference.toLowerCase());
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await admin.getByText(/^1 order matching/).waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-reference')).toBe(fake.reference);
    await keepScreenshot(admin, `admin-mobile-money-search-${width}`);
    await admin.getByRole('button', { name: 'Clear' }).click();
    await admin.getByText('Page 1 of 2').waitFor();

    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    expect(errors).toEqual([]);
    await admin.context().close();
  });
}

test('a shopper whose email reached the daily limit is told so in French, and nothing is placed', async () => {
  const email = 'limite@example.com';
  for (let i = 0; i < 10; i++) await placeOrder(email, `Limite ${i}`);
  const page = await newPage(browser, 390, 844);
  await page.goto(`${shop.url}/?search=dakar`);
  await checkoutFirstCard(page);
  await chooseCheckoutTab(page, 'Payer par mobile money');
  for (const [name, value] of Object.entries({ email, ...SHOPPER })) {
    await page.locator(`input[name="${name}"]`).fill(value);
  }
  await page.getByRole('button', { name: 'Commander et payer par mobile money' }).click();
  await page.getByText(/Trop de commandes en peu de temps/).waitFor();
  await keepScreenshot(page, 'checkout-too-many-390');
  expect(await page.getByRole('dialog', { name: 'Payez par mobile money' }).count()).toBe(0);
  await page.context().close();
});
