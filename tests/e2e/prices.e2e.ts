import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../src/shared/locale';
import { trackPageErrors } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * the drawer showed 2 × "(13 €)" + "(5 €)" for a total of "(30 €)", and "Pay … (30 €)"
 * charged 29.99 €. Every euro amount on screen is read back and checked against the cents the server
 * creates the PaymentIntent with. Seeded guides, in both languages: Dakar 12.50 €, Grand-Bassam 4.99 €.
 */
const e2e = withShopAndBrowser();

const copy = {
  fr: {
    add: 'Ajouter au panier',
    cart: 'Votre panier',
    increase: 'Augmenter la quantité',
    close: 'Fermer le panier',
    checkout: 'Passer à la caisse',
    pay: /^Payer /,
    dakar: '12,50 €',
    bassam: '4,99 €',
    total: '19 672 FCFA (29,99 €)',
  },
  en: {
    add: 'Add to cart',
    cart: 'Your cart',
    increase: 'Increase quantity',
    close: 'Close cart',
    checkout: 'Proceed to Checkout',
    pay: /^Pay /,
    dakar: '€12.50',
    bassam: '€4.99',
    total: '19 672 FCFA (€29.99)',
  },
} satisfies Record<Locale, unknown>;

/** The euro amount in "… FCFA (12,50 €)" / "… FCFA (€12.50)", in cents. */
function eurosIn(text: string, locale: Locale): number {
  const inside = text.match(/FCFA \(([^)]*)\)/)?.[1];
  if (!inside) throw new Error(`No price in "${text}"`);
  const digits =
    locale === 'fr' ? inside.replace(/[\s€]/g, '').replace(',', '.') : inside.replace(/[€,]/g, '');
  return Math.round(Number(digits) * 100);
}

async function addFound(page: Page, locale: Locale, search: string) {
  const t = copy[locale];
  await page.goto(`${e2e.shop.url}/?lang=${locale}&search=${search}`);
  await page.locator('[data-testid="guide-card"]').first().getByRole('button', { name: t.add }).click();
  return page.getByRole('dialog', { name: t.cart });
}

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

describe.each(['fr', 'en'] as const)('prices that add up (%s)', (locale) => {
  test.each(viewports)(
    'drawer lines, drawer total, summary and Pay button are the cents the PaymentIntent is created with ($width px)',
    async (viewport) => {
      const t = copy[locale];
      const page = await (await e2e.browser.newContext({ viewport })).newPage();
      const errors = trackPageErrors(page);

      let drawer = await addFound(page, locale, 'dakar');
      await drawer.getByRole('button', { name: t.close }).click();
      drawer = await addFound(page, locale, 'bassam');
      const dakarLine = drawer.locator('li').filter({ hasText: 'Dakar' });
      await dakarLine.getByRole('button', { name: t.increase }).click();
      await dakarLine.locator('[aria-live="polite"]').filter({ hasText: '2' }).waitFor();

      // Each line: its unit price × its quantity; the cents must add up to the total shown.
      const lines = await drawer.locator('li').all();
      expect(lines).toHaveLength(2);
      let sum = 0;
      for (const line of lines) {
        const text = (await line.textContent()) ?? '';
        const quantity = Number(await line.locator('[aria-live="polite"]').textContent());
        sum += eurosIn(text, locale) * quantity;
      }
      await expect(dakarLine.textContent()).resolves.toContain(`(${t.dakar})`);
      await expect(drawer.locator('li').filter({ hasText: 'Bassam' }).textContent()).resolves.toContain(
        `(${t.bassam})`,
      );
      const totalRow = drawer.getByText(t.total);
      await totalRow.waitFor();
      expect(eurosIn(t.total, locale)).toBe(sum);

      await drawer.getByRole('link', { name: t.checkout }).click();
      const pay = page.getByRole('button', { name: t.pay });
      await pay.waitFor();
      expect(await pay.textContent()).toContain(t.total);
      // The order summary's subtotal and total (and the cart drawer's, which stays in the page).
      expect(await page.getByText(t.total, { exact: true }).count()).toBeGreaterThanOrEqual(2);
      for (const [name, value] of Object.entries({
        email: `prices.${locale}.${viewport.width}@example.com`,
        firstName: 'Awa',
        lastName: 'Diallo',
        mobile: '+225 07 00 00 00 00',
      })) {
        await page.locator(`input[name="${name}"]`).fill(value);
      }
      const [intent] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/create-payment-intent') && r.status() === 200),
        pay.click(),
      ]);
      const { amount } = (await intent.json()) as { amount: number };
      expect(amount).toBe(sum);
      expect(amount).toBe(2999);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});
