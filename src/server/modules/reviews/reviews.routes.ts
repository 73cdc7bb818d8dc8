import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { perClientLimit, registerRateLimits } from '../../http/rate-limits';
import { adminActorOf } from '../admin-auth/require-admin';
import { deleteReview, listOrderReviews, saveReview } from './buyer-reviews';
import { activeGuideLocale, publishedReviewPage } from './published-reviews';
import { listAdminReviews, replyToReview, setReviewVisibility } from './review-moderation';

/**
 * Buyers' reviews (docs/features/reviews.md): the guide's published reviews, the buyer's own through
 * the order's public id, and the operator's moderation. Every change refreshes the shop's kept pages
 * and catalogue answers here and, through NOTIFY, on every other instance.
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerRateLimits(app);
  const { db, config, pageCache, catalogueCache } = app.services;
  const limits = { writesPerOrderPerHour: config.limits.reviewWritesPerOrderPerHour };
  const perClient = {
    config: perClientLimit(
      config.limits.reviewWritesPerClient,
      '15 minutes',
      `Too many review changes from this address: at most ${config.limits.reviewWritesPerClient} every 15 minutes.`,
    ),
  };
  const reviewsChanged = () => {
    pageCache.invalidate();
    catalogueCache.invalidate();
  };

  route(app, api.reviews.guideReviews, async (request) => {
    const guide = await activeGuideLocale(db, request.params.id);
    if (!guide) throw notFound('Guide not found');
    return publishedReviewPage(db, guide, request.query.page);
  });

  route(app, api.reviews.orderReviews, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listOrderReviews(db, request.params.orderId);
  });

  route(app, api.reviews.saveOrderReview, perClient, async (request, reply) => {
    const review = await saveReview(db, { ...request.params, body: request.body }, limits);
    reviewsChanged();
    return reply.header('cache-control', 'no-store').send(review);
  });

  route(app, api.reviews.deleteOrderReview, perClient, async (request, reply) => {
    if (await deleteReview(db, request.params, limits)) reviewsChanged();
    return reply.code(204).send(null);
  });

  route(app, api.adminReviews.listReviews, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listAdminReviews(db, request.query);
  });

  route(app, api.adminReviews.setReviewVisibility, async (request) => {
    const review = await setReviewVisibility(db, {
      id: request.params.id,
      ...request.body,
      actor: adminActorOf(request),
    });
    reviewsChanged();
    return review;
  });

  route(app, api.adminReviews.replyToReview, async (request) => {
    const review = await replyToReview(db, {
      id: request.params.id,
      reply: request.body.reply,
      actor: adminActorOf(request),
    });
    reviewsChanged();
    return review;
  });
};
