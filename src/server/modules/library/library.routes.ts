import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { perClientLimit, registerRateLimits } from '../../http/rate-limits';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './library-cookie';
import { findSession, revokeEverySession, revokeSession } from './library-sessions';
import { listLibrary } from './list-library';
import { redeemSignIn, requestSignIn } from './sign-in.service';

const SIGN_IN_ANSWER = {
  message: 'If guides were bought with this email, a sign-in link valid 15 minutes is on its way to it.',
};
/** Redemptions per client address per 15 minutes: a token has 256 bits, this only stops a flood. */
const REDEMPTIONS_PER_CLIENT = 30;

/** A per-client-address limit whose 429 names it. */
const perQuarterHour = (max: number, what: string) => ({
  config: perClientLimit(
    max,
    '15 minutes',
    `Too many ${what} from this address: at most ${max} every 15 minutes.`,
  ),
});

/** Personal answers: never kept by a browser or a cache. */
const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerRateLimits(app);
  const { db, config, siteOrigin } = app.services;

  /** The signed-in email, or a 401 that also clears a dead cookie: the page shows the sign-in form. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = sessionTokenOf(request);
    const session = token ? await findSession(db, token) : undefined;
    if (session) return session;
    clearSessionCookie(request, reply);
    throw new HttpError(
      401,
      'You are not signed in to your library, or your session ended.',
      {},
      'signed_out',
    );
  };

  route(
    app,
    api.library.requestSignIn,
    perQuarterHour(config.limits.librarySignInsPerClient, 'sign-in requests'),
    async (request, reply) => {
      await requestSignIn(
        db,
        { ...request.body, origin: siteOrigin.placedThrough(request) },
        { perEmailPerHour: config.limits.librarySignInsPerEmailPerHour },
      );
      // The same answer whether or not the email bought anything.
      return personal(reply).code(202).send(SIGN_IN_ANSWER);
    },
  );

  route(
    app,
    api.library.openSession,
    perQuarterHour(REDEMPTIONS_PER_CLIENT, 'sign-in attempts'),
    async (request, reply) => {
      const { sessionToken, email } = await redeemSignIn(db, request.body.token);
      setSessionCookie(request, personal(reply), sessionToken);
      return { email };
    },
  );

  route(app, api.library.library, async (request, reply) => {
    personal(reply);
    const session = await signedIn(request, reply);
    return { email: session.email, guides: await listLibrary(db, session.email) };
  });

  route(app, api.library.signOut, async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token) await revokeSession(db, token);
    clearSessionCookie(request, personal(reply));
    return { signedOut: true as const };
  });

  route(app, api.library.signOutEverywhere, async (request, reply) => {
    personal(reply);
    const session = await signedIn(request, reply);
    const sessionsRevoked = await revokeEverySession(db, session.email);
    clearSessionCookie(request, reply);
    return { sessionsRevoked };
  });
};
