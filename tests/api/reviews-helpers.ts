import type { TestContext } from '../helpers/test-context';

/** A client address per call site, so per-address limits of one test do not reach another. */
let nextAddress = 10;
export const freshAddress = () => `203.0.113.${nextAddress++}`;

export interface ReviewInput {
  rating: unknown;
  title?: unknown;
  text?: unknown;
  locale?: unknown;
}

export const writeReview = (
  ctx: TestContext,
  orderId: string,
  guideId: string,
  body: ReviewInput,
  remoteAddress = freshAddress(),
) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/orders/${encodeURIComponent(orderId)}/reviews/${guideId}`,
    payload: { locale: 'fr', ...body },
    remoteAddress,
  });

export const deleteReview = (
  ctx: TestContext,
  orderId: string,
  guideId: string,
  remoteAddress = freshAddress(),
) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/orders/${encodeURIComponent(orderId)}/reviews/${guideId}`,
    remoteAddress,
  });

export const orderReviews = (ctx: TestContext, orderId: string) =>
  ctx.app.inject({ url: `/api/orders/${encodeURIComponent(orderId)}/reviews` });

/** The guide as its page reads it (rating, first reviews), by slug. */
export async function guideDetail(ctx: TestContext, slug: string) {
  const res = await ctx.app.inject({ url: `/api/travel-guides/by-slug/${slug}` });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as {
    id: string;
    rating: { average: string; count: number } | null;
    reviews: {
      id: string;
      rating: number;
      title: string | null;
      text: string | null;
      reviewer: string;
      locale: string;
      reply: string | null;
      edition: { fr: string; en: string } | null;
    }[];
    reviewsHasMore: boolean;
  };
}

/** The rating a guide carries in the public list of its language. */
export async function listedRating(ctx: TestContext, guideId: string, locale: 'fr' | 'en' = 'fr') {
  const res = await ctx.app.inject({ url: `/api/travel-guides?locale=${locale}` });
  const guide = (res.json() as { id: string; rating: unknown }[]).find((g) => g.id === guideId);
  return guide?.rating;
}
