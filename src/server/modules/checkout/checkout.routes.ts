import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_EXISTS_MESSAGE } from '../../../shared/contracts/checkout';
import { api } from '../../../shared/contracts/endpoints/bound';
import { toCents } from '../../../shared/money';
import { route } from '../../http/endpoint';
import { additionalRateLimit, DAY_MS, HOUR_MS, registerRateLimits } from '../../http/rate-limits';
import { orderView } from '../orders/orders.service';
import { clientCountryOf } from '../taxes/client-country';
import {
  type CheckoutDeps,
  type ClaimedOrder,
  confirmTestCardPayment,
  placeCardOrder,
  placeFreeOrder,
  startCardPayment,
} from './checkout.service';
import { priceRoutes } from './checkout-price.routes';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limits } = app.services.config;
  const deps: CheckoutDeps = { db: app.services.db, payments: app.services.payments, limits };
  const clientCountry = clientCountryOf(app);
  /** Where an order is placed from: the allowed origin, and the client address's country (taxes). */
  const placedFrom = (request: FastifyRequest) =>
    [app.services.siteOrigin.placedThrough(request), clientCountry(request)] as const;
  // Floods: every route that creates an order is limited per client address.
  await registerRateLimits(app);
  const perClient = { rateLimit: { max: limits.ordersPerClientPerHour, timeWindow: HOUR_MS } };
  // Each free order emails its shopper: a second, daily limit per client on top of the hourly one.
  const freeOrdersPerDay = additionalRateLimit(app, {
    max: limits.freeOrdersPerClientPerDay,
    timeWindow: DAY_MS,
    refusal: 'Too many free orders from this connection today.',
  });

  /**
   * 201 for a new order, 200 when the request repeated one that exists: the body is the same order.
   * 202 when the request did not prove it placed the order: only that it exists, no id, no download.
   */
  const sendOrder = async (reply: FastifyReply, placed: ClaimedOrder) => {
    if (!placed.shown) {
      return reply
        .code(202)
        .header('cache-control', 'no-store')
        .send({ orderExists: true as const, message: ORDER_EXISTS_MESSAGE });
    }
    // The row was just read or written: only its items are read for the answer.
    const order = placed.view ?? (await orderView(deps.db, placed.order));
    return reply
      .code(placed.created ? 201 : 200)
      .header('cache-control', 'no-store')
      .send(order);
  };

  // What the checkout shows before anything is typed: the test card form, or Stripe's Payment Element.
  route(app, api.checkout.paymentsConfig, async () => ({
    testMode: deps.payments.testMode,
    publishableKey: deps.payments.publishableKey,
    automaticMobileMoney: app.services.config.cinetpay !== undefined,
    wave: app.services.config.wave !== undefined,
    whatsapp: app.services.config.whatsapp !== undefined,
  }));

  await app.register(priceRoutes);

  route(app, api.checkout.createPaymentIntent, { config: perClient }, async (request) =>
    startCardPayment(deps, request.body, ...placedFrom(request), request.ip),
  );

  route(app, api.checkout.createCardOrder, { config: perClient }, async (request, reply) => {
    const { paymentIntentId, email, items, total, clientSecret } = request.body;
    const placed = await placeCardOrder(deps, {
      paymentIntentId,
      claim: { email, items, totalCents: toCents(total), clientSecret },
    });
    return sendOrder(reply, placed);
  });

  route(
    app,
    api.checkout.createFreeOrder,
    { config: perClient, onRequest: freeOrdersPerDay },
    async (request, reply) =>
      sendOrder(reply, await placeFreeOrder(deps, request.body, ...placedFrom(request), request.ip)),
  );

  // Only without Stripe keys: with real keys the card never touches this server.
  if (deps.payments.testMode) {
    route(app, api.checkout.confirmTestPayment, async (request) =>
      confirmTestCardPayment(deps, request.body),
    );
  }

  await app.register(stripeWebhookRoutes, { deps });
};
