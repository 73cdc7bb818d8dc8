import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Config, HOST_PATTERN } from '../config';

/** Hosts a shop without PUBLIC_URL always answers as itself (on any port): this machine. */
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Health probes answer without a Host: some load balancers' checks send HTTP/1.0 without one. */
const HOSTLESS_PATHS = new Set(['/healthz', '/readyz']);

/** `example.com:8080` → { name: 'example.com', port: '8080' }; `[::1]:3000` → { name: '[::1]', port: '3000' }. */
function splitHost(host: string): { name: string; port: string | undefined } {
  const match = /^(.*?)(?::(\d+))?$/.exec(host.toLowerCase());
  return { name: match?.[1] ?? host, port: match?.[2] };
}

/** A host name or address with an optional port from 1 to 65535, and nothing else. */
export function isWellFormedHost(host: string | undefined): host is string {
  if (!host || host.length > 261 || !HOST_PATTERN.test(host)) return false;
  const { name, port } = splitHost(host);
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  return !name.startsWith('[') || URL.canParse(`http://${name}`);
}

/**
 * Where absolute URLs (canonical and hreflang links, the sitemap, robots.txt, emails) point.
 * PUBLIC_URL when set; otherwise the request's own origin only when its host is allowed
 * (localhost, 127.0.0.1, ALLOWED_HOSTS), and this machine otherwise: a Host header is chosen by
 * the client, and must never put an attacker's domain into a cached page or an email.
 */
export interface SiteOrigin {
  /** The origin for links in the answer to this request. */
  forRequest(request: FastifyRequest): string;
  /** The request's own origin when its host is allowed (stored with an order), else undefined. */
  placedThrough(request: FastifyRequest): string | undefined;
  /** What the start-up log says when PUBLIC_URL is unset. */
  describe(): string;
}

export function createSiteOrigin(
  config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'port'>,
  listeningPort: () => number | undefined = () => undefined,
): SiteOrigin {
  // An entry without a port allows its host on any port.
  const allowed = (host: string) => {
    const { name, port } = splitHost(host);
    if (LOCAL_HOSTS.includes(name)) return true;
    return config.allowedHosts.some((entry) => {
      const wanted = splitHost(entry);
      return wanted.name === name && (wanted.port === undefined || wanted.port === port);
    });
  };
  const fallback = () => `http://localhost:${listeningPort() ?? config.port}`;
  const placedThrough = (request: FastifyRequest) => {
    const host = request.host;
    if (!isWellFormedHost(host) || !allowed(host)) return undefined;
    const protocol = request.protocol === 'https' ? 'https' : 'http';
    return `${protocol}://${host.toLowerCase()}`;
  };
  return {
    forRequest: (request) => config.publicUrl ?? placedThrough(request) ?? fallback(),
    placedThrough,
    describe: () =>
      `PUBLIC_URL is not set: links in pages, the sitemap and emails use the address the visitor typed only for ${[
        ...LOCAL_HOSTS,
        ...config.allowedHosts,
      ].join(
        ', ',
      )} (ALLOWED_HOSTS adds more), and ${fallback()} for any other host. In production, set PUBLIC_URL to the shop's address (e.g. https://guides-afrique.com).`,
  };
}

/**
 * A missing or malformed Host header (`a b`, `[`, `%`, `evil.com:99999`, empty, HTTP/1.0 without
 * one) is refused with 400 before any route runs: pages and links are built from it.
 */
export function refuseMalformedHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isWellFormedHost(request.host)) return;
    if (HOSTLESS_PATHS.has(request.url.split('?')[0] ?? '')) return;
    return reply.code(400).send({ message: 'The Host header is missing or malformed' });
  });
}
