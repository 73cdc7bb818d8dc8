import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { WaveUnavailableError } from '../../adapters/wave/wave';
import { orders } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import { route } from '../../http/endpoint';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { orderPageUrl } from '../mail/mail.service';
import { PUBLIC_ID_PATTERN } from '../orders/order-ids';
import { confirmWaveSession, startWavePayment, type WavePaymentDeps } from './wave-payment.service';
import { waveSessionIdOf } from './wave-reference';

const RECHECK_AFTER_MS = 5_000;

/** The events that say a session moved; any other type is acknowledged and left alone. */
const SESSION_EVENTS = new Set(['checkout.session.completed', 'checkout.session.payment_failed']);

/**
 * Wave Checkout (docs/features/wave.md). Encapsulated: this plugin alone takes JSON as raw bytes,
 * since Wave-Signature covers the exact body sent.
 */
export const waveRoutes: FastifyPluginAsyncZod<{
  deps: WavePaymentDeps;
  mailConfig: Parameters<typeof orderPageUrl>[0];
  now?: () => number;
}> = async (app, { deps, mailConfig, now = Date.now }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (_r, body, done) => done(null, body),
  );

  route(app, api.wave.waveCheckout, async (request, reply) => {
    const started = await startWavePayment(deps, request.params.id);
    reply.header('cache-control', 'no-store');
    return { ...started, provider: 'wave' as const };
  });

  /**
   * 401 for a signature that is not Wave's or older than five minutes (nothing changes); 200 once
   * handled, a duplicate included; 503 when Wave cannot be asked, so it sends the event again.
   */
  route(app, api.wave.waveWebhook, async (request) => {
    if (!deps.wave) throw notFound('Wave is not configured');
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw badRequest('Expected a JSON body');
    const header = request.headers['wave-signature'];
    const event = deps.wave.verifyWebhook(raw, typeof header === 'string' ? header : undefined, now());
    if (!event) {
      request.log.warn('Wave webhook refused: bad or stale Wave-Signature');
      throw new HttpError(401, 'Invalid Wave-Signature');
    }
    if (!SESSION_EVENTS.has(event.type) || !event.sessionId) {
      return { received: true as const, outcome: 'ignored' as const };
    }
    let outcome: Awaited<ReturnType<typeof confirmWaveSession>>;
    try {
      outcome = await confirmWaveSession(deps, event.sessionId, 'webhook');
    } catch (error) {
      if (error instanceof WaveUnavailableError) throw new HttpError(503, 'Could not check the payment');
      throw error;
    }
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'Wave webhook');
    const said = outcome === 'attention' || outcome === 'unknown' ? ('ignored' as const) : outcome;
    return { received: true as const, outcome: said };
  });

  /** success_url and error_url: what the URL says is never believed, Wave is asked. */
  route(app, api.wave.waveReturn, async (request, reply) => {
    const publicId = request.params.id;
    if (!PUBLIC_ID_PATTERN.test(publicId)) throw notFound('Order not found');
    const [order] = await deps.db
      .select({
        locale: orders.locale,
        transaction: orders.providerTransactionId,
        status: orders.status,
        checkedAt: orders.providerCheckedAt,
      })
      .from(orders)
      .where(eq(orders.publicId, publicId))
      .limit(1);
    if (!order) throw notFound('Order not found');
    const sessionId = waveSessionIdOf(order.transaction);
    // Reloading the return page asks Wave at most every few seconds (the poller and webhook remain).
    const fresh = order.checkedAt !== null && now() - order.checkedAt.getTime() < RECHECK_AFTER_MS;
    if (sessionId && deps.wave && order.status !== 'completed' && !fresh) {
      try {
        await confirmWaveSession(deps, sessionId, 'return');
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) throw error;
        if (error instanceof DomainError && error.kind !== 'unavailable') throw error;
        request.log.warn({ err: error }, 'Wave return: check failed; the poller will settle it');
      }
    }
    reply.header('cache-control', 'no-store');
    const page = new URL(orderPageUrl(mailConfig, { publicId, locale: order.locale }));
    return reply.redirect(`${page.pathname}${page.search}`, 303);
  });
};
