import type { ServerOptions } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Node's own limits on slow clients, as Fastify options: headers within headersTimeoutMs; any
 * request body within the upload limit (the longest a body may take; the hook below holds other
 * bodies to the shorter request limit); no traffic for idleTimeoutMs closes the connection (also a
 * client that stops reading a download); a kept-alive connection waits keepAliveTimeoutMs for its
 * next request. Node checks the first two every connectionsCheckingInterval (30 s by default, too
 * coarse for a 10 s limit).
 */
export function slowClientOptions(http: Config['http']): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  const longestBody = Math.max(http.requestTimeoutMs, http.uploadTimeoutMs);
  return {
    connectionTimeout: http.idleTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    requestTimeout: Math.max(longestBody, http.headersTimeoutMs),
    http: {
      headersTimeout: http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(100, Math.floor(http.headersTimeoutMs / 4))),
    },
  };
}

/**
 * A request body (JSON, a webhook, a form) must arrive within requestTimeoutMs of its headers, an
 * upload (a multipart body: guides, media, payment proofs, up to 50 MB from a phone or a slow link)
 * within uploadTimeoutMs. A body still arriving then is answered 408 and its connection closed, so
 * a client sending a byte a second cannot hold a connection for long.
 */
export function limitRequestBodyTime(app: FastifyInstance, http: Config['http']): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    // In-process requests (inject(): the page renderer's API calls, tests) hold no connection.
    if (!hasBody || raw.complete || !(raw.socket instanceof Socket)) return done();
    // The content-type, not request.isMultipart(): that is only known once the body parser ran.
    const upload = /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
    const limitMs = upload ? http.uploadTimeoutMs : http.requestTimeoutMs;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      if (reply.sent) {
        raw.socket?.destroy();
        return;
      }
      request.log.info({ limitMs }, 'request body too slow: answered 408 and closed');
      reply.raw.once('finish', () => raw.socket?.destroy());
      void reply
        .code(408)
        .header('connection', 'close')
        .send({ message: `The request body did not arrive within ${Math.round(limitMs / 1000)} s` });
    }, limitMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}

/**
 * On close, Node ends the connections idle at that moment; one whose request was still being
 * answered would then stay open for keepAliveTimeoutMs (72 s) after its answer, and the shop could
 * not finish stopping until it timed out. Once the shop is closing, an answer not yet begun says
 * `Connection: close`, and every finished answer closes the connections left idle.
 */
export function closeConnectionsOnShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}

/** Beyond this many open connections Node closes new ones at once, before they cost a file descriptor for long. */
export function capConnections(app: FastifyInstance, http: Config['http']): void {
  app.server.maxConnections = http.maxConnections;
}
