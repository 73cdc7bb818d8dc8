import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { ProviderUnavailableError } from '../../adapters/mobile-money/provider';
import { orders } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import { type HandlerFor, route } from '../../http/endpoint';
import { HttpError, notFound } from '../../http/errors';
import { orderPageUrl } from '../mail/mail.service';
import { PUBLIC_ID_PATTERN } from '../orders/order-ids';
import {
  type AutomaticPaymentDeps,
  automaticPaymentStatus,
  confirmTransaction,
  startAutomaticPayment,
} from './automatic-payment.service';
import { cinetpayPayment } from './cinetpay-payment';

const MAX_FORM_BYTES = 16 * 1024;

/**
 * Where the hosted page sends the shopper back (return_url; CinetPay may POST or GET it): one
 * check with the provider, then a 303 to the order page, which shows the live state.
 */
function returnHandler(deps: AutomaticPaymentDeps): HandlerFor<typeof api.checkout.cinetpayReturn> {
  return async (request, reply) => {
    const publicId = request.params.id;
    if (!PUBLIC_ID_PATTERN.test(publicId)) throw notFound('Order not found');
    let locale = 'fr';
    try {
      await automaticPaymentStatus(deps, publicId, true);
      const [order] = await deps.db
        .select({ locale: orders.locale })
        .from(orders)
        .where(eq(orders.publicId, publicId))
        .limit(1);
      locale = order?.locale ?? locale;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) throw error;
      if (error instanceof DomainError && error.kind !== 'unavailable') throw error;
      request.log.warn({ err: error }, 'CinetPay return: status check failed');
    }
    reply.header('cache-control', 'no-store');
    // A path, not PUBLIC_URL: the shopper stays on the host the provider sent them back to.
    const page = new URL(orderPageUrl(deps.config, { publicId, locale }));
    return reply.redirect(`${page.pathname}${page.search}`, 303);
  };
}

/**
 * Automatic mobile money: start a CinetPay payment, hear its notification, bring the
 * shopper back, and tell the order page how the payment stands. Encapsulated: this plugin alone
 * parses application/x-www-form-urlencoded (the notification's format).
 */
export const automaticPaymentRoutes: FastifyPluginAsyncZod<{ deps: AutomaticPaymentDeps }> = async (
  app,
  { deps },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  route(app, api.checkout.mobileMoneyCheckout, async (request, reply) => {
    const started = await startAutomaticPayment(deps, request.params.id);
    reply.header('cache-control', 'no-store');
    return { ...started, provider: 'cinetpay' as const };
  });

  route(app, api.checkout.mobileMoneyStatus, async (request, reply) => {
    const status = await automaticPaymentStatus(deps, request.params.id, request.query.refresh !== '0');
    reply.header('cache-control', 'no-store');
    return status;
  });

  // CinetPay pings the notification URL with a GET to see that it is there (docs …/checkout/notification).
  route(app, api.checkout.cinetpayNotifyCheck, async () => ({ ok: true as const }));

  /**
   * The notification: authenticated by its x-token (constant-time), then never trusted for the
   * status — the check endpoint is asked. 200 once handled (CinetPay expects it); 401 for a forged
   * one, with nothing changed; 404 for a genuine one about a transaction we do not have; 503 when
   * the check cannot be made, so the provider tries again.
   */
  route(app, api.checkout.cinetpayNotify, async (request) => {
    if (!deps.provider) throw notFound('Automatic mobile-money payment is not configured');
    const body = request.body;
    const fields: Record<string, string> = {};
    if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
      for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
        if (typeof value === 'string') fields[key] = value;
      }
    }
    const action = await cinetpayPayment(deps.provider).action({ headers: request.headers, fields });
    const transactionId = action.action === 'check' ? action.ref : undefined;
    if (!transactionId) {
      request.log.warn({ transactionId: fields.cpm_trans_id }, 'CinetPay notification refused: bad x-token');
      throw new HttpError(401, 'Invalid notification token');
    }
    let outcome: Awaited<ReturnType<typeof confirmTransaction>>;
    try {
      outcome = await confirmTransaction(deps, transactionId, 'notification');
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new HttpError(503, 'Could not check the payment');
      throw error;
    }
    request.log.info({ transactionId, outcome }, 'CinetPay notification');
    if (outcome === 'unknown') throw notFound('Unknown transaction');
    return {
      received: true as const,
      outcome: outcome === 'attention' ? ('ignored' as const) : outcome,
    };
  });

  const backToOrderPage = returnHandler(deps);
  route(app, api.checkout.cinetpayReturn, backToOrderPage);
  route(app, api.checkout.cinetpayReturnPost, backToOrderPage);
};
