import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { acceptedAdminKeys, matchAdminKey } from './admin-key';
import { judgeAdminAttempt } from './failed-attempts';

export const ADMIN_KEY_HEADER = 'x-admin-key';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard: which key made the request (admin-key.ts), for the activity record. */
    adminActor?: string;
  }
}

/** The actor of an admin request; the guard has run, so it is set (a route without it is a bug). */
export function adminActorOf(request: FastifyRequest): string {
  if (!request.adminActor) throw new Error('adminActorOf called on a route without requireAdmin');
  return request.adminActor;
}

/** An onRequest hook: runs before the body is read, so a refused upload is never received. */
export type AdminGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

/**
 * Builds the hook every admin route puts in front of itself:
 * `app.get(path, { onRequest: app.services.requireAdmin }, handler)`.
 * The key is read from the x-admin-key header only, never from the query string or body
 * (those end up in logs, browser history and proxies); see failed-attempts.ts for the limit.
 */
export function requireAdmin(options: {
  db: Db;
  configuredKey: string | undefined;
  now?: () => Date;
}): AdminGuard {
  const now = options.now ?? (() => new Date());
  return async (request, reply) => {
    // Admin answers carry the shop's private data: never kept by a browser or a proxy.
    reply.header('cache-control', 'no-store');
    const header = request.headers[ADMIN_KEY_HEADER];
    if (header === undefined || header === '') {
      return reply.code(401).send({ message: 'Admin API key required' });
    }
    // A repeated header arrives as an array: never a valid key.
    const presented = typeof header === 'string' ? header : undefined;
    const accepted = await acceptedAdminKeys(options.db, options.configuredKey);
    const matched = presented === undefined ? undefined : matchAdminKey(presented, accepted);
    const attempt = await judgeAdminAttempt(options.db, request.ip, now(), () => matched !== undefined);
    if (attempt.outcome === 'accepted' && matched) {
      request.adminActor = matched.actor;
      return undefined;
    }
    if (attempt.outcome === 'locked') {
      const seconds = Math.max(1, Math.ceil((attempt.until.getTime() - now().getTime()) / 1000));
      request.log.warn({ ip: request.ip }, 'admin key attempts locked out for this address');
      return reply
        .code(429)
        .header('retry-after', String(seconds))
        .send({
          message: `Too many invalid admin API keys. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
        });
    }
    request.log.warn({ ip: request.ip }, 'invalid admin API key');
    return reply.code(401).send({ message: 'Invalid admin API key' });
  };
}
