import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { registerRateLimits } from '../../http/rate-limits';
import { requestLinkResend } from './mail.service';

const RESEND_ANSWER = {
  message:
    'If this order number and email match an order, its download links (or, unpaid, how to pay it) are on their way.',
};

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per client address in this process's memory (N instances allow N × the limit, which still stops
  // a script guessing orders); per recipient in the database (mail.service.ts).
  await registerRateLimits(app);

  route(
    app,
    api.storefront.resendLinks,
    {
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      await requestLinkResend(app.services.db, request.body, {
        perEmailPerDay: app.services.config.limits.resendLinksPerEmailPerDay,
      });
      // The same answer whether or not anything matched: it must not reveal which orders exist.
      return reply.code(202).send(RESEND_ANSWER);
    },
  );
};
