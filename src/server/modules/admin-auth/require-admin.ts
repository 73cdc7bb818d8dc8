import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { acceptedAdminKeyHashes, adminKeyMatches } from './admin-key';
import { judgeAdminAttempt } from './failed-attempts';

export const ADMIN_KEY_HEADER = 'x-admin-key';

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
    const accepted = await acceptedAdminKeyHashes(options.db, options.configuredKey);
    const attempt = await judgeAdminAttempt(
      options.db,
      request.ip,
      now(),
      () => presented !== undefined && adminKeyMatches(presented, accepted),
    );
    if (attempt.outcome === 'accepted') return undefined;
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
