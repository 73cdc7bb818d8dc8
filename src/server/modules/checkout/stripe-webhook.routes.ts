import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { InvalidWebhookError, type WebhookEvent } from '../../adapters/payments/card-gateway';
import { route } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { applyRefundEvent, isRefundEvent } from '../refunds/refund-events';
import { applyStripeEvent, type CheckoutDeps } from './checkout.service';

export const STRIPE_WEBHOOK_PATH = api.checkout.stripeWebhook.path;

/**
 * Stripe's webhook. The signature covers the exact bytes sent, so this plugin (encapsulated: the
 * rest of the API keeps parsing JSON) takes JSON bodies as a raw Buffer and verifies before parsing.
 * 2xx: applied, already applied, or not an event we act on. Anything else makes Stripe retry.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ deps: CheckoutDeps }> = async (app, { deps }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  route(app, api.checkout.stripeWebhook, async (request) => {
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw badRequest('Expected a JSON body');
    const signature = request.headers['stripe-signature'];
    let event: WebhookEvent;
    try {
      event = await deps.payments.constructWebhookEvent(
        raw,
        typeof signature === 'string' ? signature : undefined,
      );
    } catch (error) {
      if (error instanceof InvalidWebhookError) throw badRequest(error.message);
      throw error;
    }
    try {
      const outcome = isRefundEvent(event)
        ? await applyRefundEvent(deps, event)
        : await applyStripeEvent(deps, event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event received');
    } catch (error) {
      // A paid order that cannot be made needs someone's attention, whatever the status code.
      request.log.error(
        { err: error, eventId: event.id, type: event.type, paymentIntentId: event.object.id },
        'Stripe event could not be applied; Stripe will retry',
      );
      throw error;
    }
    return { received: true as const };
  });
};
