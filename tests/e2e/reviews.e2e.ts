import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Guide } from '../../src/shared/contracts/catalogue';
import type { Order } from '../../src/shared/contracts/orders';
import { keepScreenshot, trackPageErrors } from './harness';
import { buyByTestCard, firstPaidGuide, newPhone, productMarkup, shownReviews } from './reviews-support';
import { withShopAndBrowser } from './shop-and-browser';

// Buyers' reviews on a phone (docs/features/reviews.md), in French and in English: one tap on the
// stars from the order page saves a rating, words are added and changed, the review is deleted; the
// guide page (served from memory) and its structured data say the same thing throughout.

const e2e = withShopAndBrowser({
  shop: { env: { PAGE_CACHE_TTL_MS: '600000', CATALOGUE_CACHE_TTL_MS: '600000' } },
});
let guide: Guide;

beforeAll(async () => {
  guide = await firstPaidGuide(e2e.shop.url);
});

const WORDS = {
  fr: {
    star: (n: number) => `${n} sur 5`,
    saved: 'Note enregistrée.',
    add: 'Ajouter un commentaire',
    edit: 'Modifier le commentaire',
    title: 'Titre (facultatif)',
    text: 'Votre avis (facultatif)',
    save: 'Enregistrer',
    textSaved: 'Avis enregistré.',
    delete: 'Supprimer mon avis',
    confirm: 'Confirmer la suppression',
    deleted: 'Avis supprimé.',
    verified: 'Achat vérifié',
  },
  en: {
    star: (n: number) => `${n} out of 5`,
    saved: 'Rating saved.',
    add: 'Add a comment',
    edit: 'Edit the comment',
    title: 'Title (optional)',
    text: 'Your review (optional)',
    save: 'Save',
    textSaved: 'Review saved.',
    delete: 'Delete my review',
    confirm: 'Confirm deletion',
    deleted: 'Review deleted.',
    verified: 'Verified buyer',
  },
};

async function openOrder(order: Order, locale: 'fr' | 'en'): Promise<Page> {
  const page = await newPhone(e2e.browser);
  await page.goto(`${e2e.shop.url}/order-confirmation/${order.id}?lang=${locale}#reviews`);
  await page.getByTestId('review-form').waitFor();
  return page;
}

async function openGuide(locale: 'fr' | 'en'): Promise<Page> {
  const page = await newPhone(e2e.browser);
  await page.goto(`${e2e.shop.url}/guides/${guide.slug}?lang=${locale}`);
  await page.locator('h1').waitFor();
  return page;
}

/** The page's figures and its markup agree: same average, count, reviewers and words. */
async function expectPageAndMarkupAgree(page: Page, expected: { average: string; count: number } | null) {
  const shown = await shownReviews(page);
  const markup = await productMarkup(page);
  if (!expected) {
    expect(shown).toBeUndefined();
    expect(markup.aggregateRating).toBeUndefined();
    expect(markup.review).toBeUndefined();
    return;
  }
  expect(markup.aggregateRating).toMatchObject({
    ratingValue: expected.average,
    reviewCount: expected.count,
  });
  expect(shown?.average).toContain(expected.average.replace('.', page.url().includes('lang=en') ? '.' : ','));
  expect(shown?.count).toContain(String(expected.count));
  expect(markup.review).toHaveLength(shown!.texts.length);
  for (const [i, review] of (markup.review ?? []).entries()) {
    const text = shown!.texts[i]!;
    expect(text).toContain(review.author.name);
    if (review.reviewBody) expect(text).toContain(review.reviewBody);
    if (review.name) expect(text).toContain(review.name);
  }
}

describe('a buyer reviews from the order page, on a phone', () => {
  let frOrder: Order;
  let enOrder: Order;

  beforeAll(async () => {
    frOrder = await buyByTestCard(e2e.shop.url, guide, {
      email: 'awa.avis@example.com',
      firstName: 'Awa',
      lastName: 'Ndiaye',
      locale: 'fr',
    });
    enOrder = await buyByTestCard(e2e.shop.url, guide, {
      email: 'john.review@example.com',
      firstName: 'John',
      lastName: 'smith',
      locale: 'en',
    });
  });

  test('before any review, the guide page shows no rating and its markup carries none', async () => {
    for (const locale of ['fr', 'en'] as const) {
      const page = await openGuide(locale);
      await expectPageAndMarkupAgree(page, null);
      expect(await page.getByTestId('rating-line').count()).toBe(0);
      await page.context().close();
    }
  });

  for (const locale of ['fr', 'en'] as const) {
    test(`${locale}: one tap rates, words are added and changed, and the guide page shows them`, async () => {
      const w = WORDS[locale];
      const order = locale === 'fr' ? frOrder : enOrder;
      const page = await openOrder(order, locale);
      const errors = trackPageErrors(page);
      const form = page.getByTestId('review-form');
      await form.getByRole('button', { name: w.star(locale === 'fr' ? 4 : 2) }).tap();
      await expect.poll(() => form.getByRole('status').textContent()).toBe(w.saved);
      expect(
        await form
          .getByRole('button', { name: w.star(locale === 'fr' ? 4 : 2) })
          .getAttribute('aria-pressed'),
      ).toBe('true');

      await form.getByRole('button', { name: w.add }).tap();
      await form.getByLabel(w.title).fill(locale === 'fr' ? 'Indispensable à Dakar' : 'Prices out of date');
      await form
        .getByLabel(w.text)
        .fill(locale === 'fr' ? 'Les adresses sont justes.' : 'Good maps, <b>old</b> prices.');
      await form.getByRole('button', { name: w.save }).tap();
      await expect.poll(() => form.getByRole('status').textContent()).toBe(w.textSaved);
      await keepScreenshot(page, `reviews-order-${locale}-390`, { fullPage: true });

      await form.getByRole('button', { name: w.edit }).tap();
      const changed =
        locale === 'fr'
          ? 'Les adresses sont justes, les plans aussi.'
          : 'Good maps, <b>old</b> prices, sadly.';
      await form.getByLabel(w.text).fill(changed);
      await form.getByRole('button', { name: w.save }).tap();
      await expect.poll(() => form.getByRole('status').textContent()).toBe(w.textSaved);
      expect(await form.textContent()).toContain(changed);
      expect(errors).toEqual([]);
      await page.context().close();

      const guidePage = await openGuide(locale);
      const expected = locale === 'fr' ? { average: '4.0', count: 1 } : { average: '3.0', count: 2 };
      await expectPageAndMarkupAgree(guidePage, expected);
      const shown = await shownReviews(guidePage);
      expect(shown!.texts.join('\n')).toContain(changed);
      expect(shown!.texts.join('\n')).toContain(w.verified);
      expect(shown!.texts.join('\n')).toContain(locale === 'fr' ? 'Awa N.' : 'John S.');
      await keepScreenshot(guidePage, `reviews-guide-${locale}-390`, { fullPage: true });
      await guidePage.context().close();
    });
  }

  test('the guide page in English puts the guide’s own language (French) first', async () => {
    const page = await openGuide('en');
    const shown = await shownReviews(page);
    expect(shown!.texts[0]).toContain('Awa N.');
    expect(shown!.texts[1]).toContain('John S.');
    await page.context().close();
  });

  for (const locale of ['fr', 'en'] as const) {
    test(`${locale}: the buyer deletes the review, and the guide page and markup follow`, async () => {
      const w = WORDS[locale];
      const page = await openOrder(locale === 'fr' ? frOrder : enOrder, locale);
      const form = page.getByTestId('review-form');
      await form.getByRole('button', { name: w.delete }).tap();
      await form.getByRole('button', { name: w.confirm }).tap();
      await expect.poll(() => form.getByRole('status').textContent()).toBe(w.deleted);
      await page.context().close();
      const guidePage = await openGuide(locale);
      await expectPageAndMarkupAgree(guidePage, locale === 'fr' ? { average: '2.0', count: 1 } : null);
      await guidePage.context().close();
    });
  }
});
