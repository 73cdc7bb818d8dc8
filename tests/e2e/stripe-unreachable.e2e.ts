import { expect, test } from 'vitest';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * Live keys, and Stripe.js cannot be reached (this browser resolves no outside host, as a shopper's
 * blocked or dropped network would not): the checkout says so and offers to try again, instead of a
 * card form that never appears and a pay button that never wakes.
 */

const e2e = withShopAndBrowser({
  shop: {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_unreachable',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_unreachable',
      STRIPE_WEBHOOK_SECRET: 'whsec_unreachable',
    },
  },
});

for (const [lang, add, checkout, said, again] of [
  ['fr', 'Ajouter au panier', 'Passer à la caisse', 'Impossible de préparer le paiement', 'Réessayer'],
  ['en', 'Add to cart', 'Proceed to Checkout', 'We could not prepare the payment', 'Try again'],
] as const) {
  test(`${lang}: the card form that cannot load is said, with a way to try again`, async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const stripeRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('stripe.com')) stripeRequests.push(request.url());
    });
    await page.goto(`${e2e.shop.url}/?lang=${lang}&search=marrakech`);
    await page.locator('[data-testid="guide-card"]').first().getByRole('button', { name: add }).click();
    await page.getByRole('link', { name: checkout }).click();
    const alert = page.getByRole('alert').filter({ hasText: said });
    await alert.waitFor({ timeout: 20_000 });
    expect(stripeRequests.length).toBeGreaterThan(0);
    const before = stripeRequests.length;
    await alert.getByRole('button', { name: again }).click();
    // Trying again loads Stripe.js again (and fails again here): the message comes back.
    await expect.poll(() => stripeRequests.length, { timeout: 20_000 }).toBeGreaterThan(before);
    await alert.waitFor({ timeout: 20_000 });
    await context.close();
  });
}
