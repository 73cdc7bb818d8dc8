import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { HOUR_MS } from '../../http/rate-limits';
import { clientCountryOf } from '../taxes/client-country';
import { quoteCheckout } from './checkout-price';

/** The summary's figures with a discount code; registered inside checkoutRoutes' rate limits. */
export const priceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each try at a code is one request: ten times the order limit, so guessing codes stays slow.
  const max = app.services.config.limits.ordersPerClientPerHour * 10;
  const clientCountry = clientCountryOf(app);
  route(
    app,
    api.checkout.priceCart,
    { config: { rateLimit: { max, timeWindow: HOUR_MS } } },
    async (request) => quoteCheckout(app.services.db, request.body, clientCountry(request)),
  );
};
