import { eq } from 'drizzle-orm';
import type { onSendHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { orders } from '../../db/schema';
import { route } from '../../http/endpoint';
import { badField, notFound } from '../../http/errors';
import { perClientLimit, registerRateLimits } from '../../http/rate-limits';
import { withdrawConsent } from './marketing-consents';
import { unsubscribeAskPage, unsubscribedPage, unsubscribeRefusedPage } from './unsubscribe-page';
import { existingUnsubscribeSecret, verifyUnsubscribeToken } from './unsubscribe-token';

/** RFC 8058's body is one short form field; anything bigger is not a mail client's one-click POST. */
const MAX_FORM_BYTES = 1024;

/**
 * A refused link opened in a browser (a cut link, a typo, too many tries) gets a page a person can
 * read, with the same status; a program (a mail client's one-click POST, the API) keeps the JSON.
 */
const refusalAsPage: onSendHookHandler = (request, reply, payload, done) => {
  const refused = reply.statusCode >= 400 && reply.statusCode < 500;
  if (!refused || !(request.headers.accept ?? '').includes('text/html')) return done(null, payload);
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  done(null, unsubscribeRefusedPage(reply.statusCode));
};

/**
 * The unsubscribe link (docs/features/consent.md). GET shows one button, so a mail scanner that
 * follows links unsubscribes nobody; POST (that button, or a mail client's one-click) withdraws at
 * once. Withdrawing twice writes nothing more, so a flood is only as costly as a read.
 */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerRateLimits(app);
  const { db } = app.services;
  const limit = { config: perClientLimit(60, '1 minute'), onSend: refusalAsPage };
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (_request, _body, done) => done(null, {}),
  );

  const targetOf = async (token: string) => {
    const secret = await existingUnsubscribeSecret(db);
    const grant = secret && verifyUnsubscribeToken(secret, token);
    if (!grant) throw badField('token', 'is not a genuine unsubscribe link');
    const [order] = await db
      .select({ email: orders.email, phone: orders.phoneNumber })
      .from(orders)
      .where(eq(orders.id, grant.orderId))
      .limit(1);
    if (!order) throw notFound('This link’s order no longer exists');
    const address = grant.channel === 'email' ? order.email.trim().toLowerCase() : order.phone.trim();
    return { channel: grant.channel, locale: grant.locale, address };
  };
  const html = (body: string) => ({ type: 'text/html; charset=utf-8', body });

  route(app, api.consent.unsubscribePage, limit, async (request, reply) => {
    const target = await targetOf(request.params.token);
    const page = html(unsubscribeAskPage(target, request.url));
    return reply.header('cache-control', 'no-store').type(page.type).send(page.body);
  });

  route(app, api.consent.unsubscribe, limit, async (request, reply) => {
    const target = await targetOf(request.params.token);
    await withdrawConsent(db, target, 'unsubscribe_link');
    const page = html(unsubscribedPage(target));
    return reply.header('cache-control', 'no-store').type(page.type).send(page.body);
  });
};
