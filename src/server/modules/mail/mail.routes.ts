import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resendLinksBodySchema } from '../../../shared/contracts/orders';
import { HttpError } from '../../http/errors';
import { requestLinkResend } from './mail.service';

const RESEND_ANSWER = {
  message: 'If this order number and email match a completed order, its download links are on their way.',
};

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per route, not global. The counters live in this process's memory: with N instances behind a
  // load balancer a client gets up to N × the limit, which still stops a script guessing orders.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Please try again in ${context.after}.`),
  });

  app.post(
    '/api/orders/resend-links',
    {
      schema: { body: resendLinksBodySchema, response: { 202: z.object({ message: z.string() }) } },
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      await requestLinkResend(app.services.db, request.body);
      // The same answer whether or not anything matched: it must not reveal which orders exist.
      return reply.code(202).send(RESEND_ANSWER);
    },
  );
};
