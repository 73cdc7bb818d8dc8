import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Guide } from '../../src/shared/contracts/catalogue';
import type { Order } from '../../src/shared/contracts/orders';

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The shop's first paid guide in French, as its list gives it. */
export async function firstPaidGuide(shopUrl: string): Promise<Guide> {
  const guides = await json<Guide[]>(await fetch(`${shopUrl}/api/travel-guides?locale=fr`));
  return guides.find((g) => Number(g.price) > 0)!;
}

/** A test-card purchase through the shop's API, as the checkout makes it: the completed order. */
export async function buyByTestCard(
  shopUrl: string,
  guide: Guide,
  buyer: { email: string; firstName: string; lastName: string; locale: 'fr' | 'en' },
): Promise<Order> {
  const items = [{ id: guide.id, quantity: 1 }];
  const customer = {
    email: buyer.email,
    firstName: buyer.firstName,
    lastName: buyer.lastName,
    mobile: '+221 77 000 11 22',
  };
  const intent = await json<{ paymentIntentId: string; clientSecret: string }>(
    await post(`${shopUrl}/api/create-payment-intent`, {
      items,
      amount: Number(guide.price),
      customer,
      locale: buyer.locale,
    }),
  );
  await json(
    await post(`${shopUrl}/api/test-mode/confirm-payment`, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: '4242 4242 4242 4242',
    }),
  );
  const order = await json<Order>(
    await post(`${shopUrl}/api/orders`, {
      ...customer,
      locale: buyer.locale,
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      items,
      total: Number(guide.price),
    }),
  );
  expect(order.status).toBe('completed');
  return order;
}

/** The Product markup of a guide page, parsed. */
export async function productMarkup(page: Page): Promise<{
  aggregateRating?: { ratingValue: string; reviewCount: number };
  review?: {
    author: { name: string };
    reviewRating: { ratingValue: number };
    reviewBody?: string;
    name?: string;
  }[];
}> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Product');
  expect(product).toBeTruthy();
  return product;
}

/** What the guide page shows of its reviews: the average and count texts, and each review's words. */
export async function shownReviews(page: Page) {
  const section = page.getByTestId('guide-reviews');
  if ((await section.count()) === 0) return undefined;
  return {
    average: (await section.getByTestId('rating-average').textContent()) ?? '',
    count: (await section.getByTestId('rating-count').textContent()) ?? '',
    texts: await section.getByTestId('review').allTextContents(),
  };
}

/** A phone: 390 px wide, touch, so that taps are taps. */
export async function newPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  return context.newPage();
}
