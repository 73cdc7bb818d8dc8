import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { badField, badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import { listWhatsAppMessages } from './message-log';
import { webhookSignatureMatches } from './webhook-signature';
import { applyWhatsAppStatuses, webhookBodySchema } from './whatsapp-statuses';

/** Meta's notifications are small (a few statuses); anything far larger is not from Meta. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

const notConfigured = () => notFound('WhatsApp is not configured');

/**
 * Meta's webhook and the operator's list. The POST's signature covers the exact bytes sent, so
 * this plugin (encapsulated: the rest of the API keeps parsing JSON) takes JSON as a raw Buffer,
 * verifies it, and only then parses it. Without WHATSAPP_* settings both webhook routes are 404s.
 */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = () => app.services.config.whatsapp;

  route(app, api.whatsapp.verifyWebhook, async (request, reply) => {
    const whatsapp = settings();
    if (!whatsapp) throw notConfigured();
    const query = request.query;
    if (query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== whatsapp.verifyToken) {
      throw forbidden('hub.verify_token does not match WHATSAPP_VERIFY_TOKEN');
    }
    return reply.type('text/plain; charset=utf-8').send(query['hub.challenge']);
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  route(app, api.whatsapp.statusWebhook, { bodyLimit: MAX_WEBHOOK_BYTES }, async (request) => {
    const whatsapp = settings();
    if (!whatsapp) throw notConfigured();
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw badRequest('Expected a JSON body');
    const signature = request.headers['x-hub-signature-256'];
    if (typeof signature !== 'string' || signature.trim() === '') {
      throw new HttpError(401, 'X-Hub-Signature-256 is missing');
    }
    if (!webhookSignatureMatches(whatsapp.appSecret, raw, signature)) {
      throw forbidden('X-Hub-Signature-256 does not match the body');
    }
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('The body is not JSON');
    }
    const body = webhookBodySchema.safeParse(json);
    if (!body.success) {
      const issue = body.error.issues[0];
      throw badField(`body.${issue?.path.join('.') ?? ''}`, issue?.message ?? 'invalid');
    }
    const recorded = await applyWhatsAppStatuses(app.services.db, body.data);
    return { received: true as const, recorded };
  });

  route(app, api.whatsapp.listMessages, async (request) => ({
    configured: settings() !== undefined,
    messages: await listWhatsAppMessages(app.services.db, request.query.limit),
  }));
};
