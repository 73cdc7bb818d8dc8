import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GUIDE_SORTS } from '../../shared/contracts/catalogue';
import { escapeHtml } from '../../shared/escape-html';
import { LIBRARY_PAGE_PATHS } from '../../shared/library-pages';
import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, type Locale } from '../../shared/locale';
import type { RenderPage } from '../../shared/ssr';
import type { Database } from '../db/client';
import { sharedInvalidation } from '../db/shared-invalidation';
import { createMemoCache } from '../http/memo-cache';
import { type Precompressed, precompress, sendPrecompressed } from '../http/precompressed';
import { pageContentSecurityPolicy } from '../http/security-headers';

export interface PageRenderer {
  render: RenderPage;
  /** The HTML shell with <!--app-head-->, <!--app-html--> and <!--app-state--> markers, per URL (dev transforms it). */
  template(url: string): Promise<string>;
  /** Tags for the head of a page in `locale` (the built renderer preloads that language's chunk). */
  localeHead?(locale: Locale): string;
}

const ONE_YEAR = 31_536_000;

/**
 * Addresses of personal pages (a buyer's order and library, the operator's dashboard): never taken
 * from the page cache. The router decides in the end (a page it renders as personal is never kept
 * and is sent `private, no-store`, see docs/decisions/023-personal-pages.md); this only skips the
 * cache early, for every spelling the router accepts.
 */
const PERSONAL_PREFIXES = [
  '/order-confirmation/',
  '/admin/',
  ...Object.values(LIBRARY_PAGE_PATHS).map((p) => `${p}/`),
];

/** The path as the page router reads it: dot segments resolved, lower case, one trailing slash. */
function routedPath(url: string): string {
  const parsed = URL.parse(url, 'http://shop.internal');
  const pathname = (parsed?.pathname ?? url.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  return `${pathname.replace(/\/+$/, '')}/`;
}

const isPersonalAddress = (url: string) =>
  PERSONAL_PREFIXES.some((prefix) => routedPath(url).startsWith(prefix));

const PERSONAL_CACHE_CONTROL = 'private, no-store';

/** ?lang= wins (shared links, hreflang alternates), then the stored choice, then French. */
export function resolveLocale(request: FastifyRequest): { locale: Locale; fromQuery: boolean } {
  const query = request.query as Record<string, unknown> | undefined;
  if (isLocale(query?.lang)) return { locale: query.lang, fromQuery: true };
  const cookie = request.headers.cookie
    ?.split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === LOCALE_STORAGE_KEY)?.[1];
  return { locale: isLocale(cookie) ? cookie : DEFAULT_LOCALE, fromQuery: false };
}

/** A fetch whose requests go straight into this Fastify instance through inject(). */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://shop.internal');
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: parsed.pathname + parsed.search,
      headers: { accept: 'application/json', ...(init?.headers as Record<string, string> | undefined) },
      payload: init?.body as string | undefined,
    });
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * The address a page is rendered from: query parameters the shop cannot hold (a NUL in the name or
 * the value) are dropped, so a page never refuses its query string. What the page
 * reads from the rest it clamps itself (the search text, for one).
 */
export function pageAddress(url: string): string {
  // Most addresses have no query at all: no URL to parse on the way to a kept page.
  if (!url.includes('?')) return url;
  const parsed = new URL(url, 'http://shop.internal');
  const kept = [...parsed.searchParams].filter(([name, value]) => !`${name}${value}`.includes('\u0000'));
  if (kept.length === [...parsed.searchParams].length) return url;
  const search = new URLSearchParams(kept).toString();
  return `${parsed.pathname}${search ? `?${search}` : ''}`;
}

/** A rendered page as sent (its CSP holds the hash of its inline script), or where it sends the visitor. */
export type PageOutcome =
  | { kind: 'page'; status: number; personal: boolean; csp: string | undefined; body: Precompressed }
  | { kind: 'redirect'; location: string; status: number };

/**
 * The shared pages of this process, kept in step with the other processes: any change the operator
 * makes drops them all, here and (NOTIFY) everywhere, before its answer leaves; at worst they are
 * `ttlMs` old.
 */
export function createPageCache(
  app: FastifyInstance,
  options: { ttlMs: number; database: Pick<Database, 'subscribe' | 'publish'> },
) {
  const memo = createMemoCache<PageOutcome>({
    ttlMs: options.ttlMs,
    maxEntries: 300,
    keep: (page) => page.kind === 'page' && page.status === 200 && !page.personal,
  });
  const shared = sharedInvalidation({
    channel: 'pages_changed',
    database: options.database,
    clearLocal: memo.invalidate,
    onError: (error) => app.log.warn({ err: error }, 'could not tell the other processes that pages changed'),
  });
  app.addHook('onReady', () => shared.start());
  app.addHook('onClose', () => shared.stop());
  // Whatever the operator changes (a guide, a text, an image, a setting) may show on a shared page.
  app.addHook('onSend', async (request, reply) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (request.adminActor && write && reply.statusCode < 400) shared.invalidate();
  });
  return { get: memo.get, invalidate: shared.invalidate };
}

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * Query parameters a shared page may have: the language, and a list's page and order written as
 * the page's own links write them. A page number of up to six digits: the cache keeps at
 * most 300 pages whatever comes, and keeps no 404 (past the last page).
 */
const SHARED_PARAMETERS = new Map<string, RegExp>([
  ['lang', /^/],
  ['page', /^[1-9][0-9]{0,5}$/],
  ['sort', new RegExp(`^(${GUIDE_SORTS.join('|')})$`)],
]);

/**
 * Anonymous pages are the same for every visitor of a language: rendered once, kept
 * with their compressed forms, and dropped whenever the operator changes anything (pageCache in
 * app.ts). Pages with a buyer's data, the checkout and any address with a query string other than
 * SHARED_PARAMETERS are rendered for each request.
 */
export function isSharedPage(url: string): boolean {
  const search = url.split('?', 2)[1] ?? '';
  if (isPersonalAddress(url)) return false;
  if (routedPath(url).startsWith('/checkout/')) return false;
  return [...new URLSearchParams(search)].every(([name, value]) => SHARED_PARAMETERS.get(name)?.test(value));
}

export async function registerPageRendering(
  app: FastifyInstance,
  renderer: PageRenderer | undefined,
): Promise<void> {
  const fetchApi = inProcessFetch(app);
  const development = app.services.config.env === 'development';

  const render = async (
    request: FastifyRequest,
    url: string,
    locale: Locale,
    origin: string,
  ): Promise<PageOutcome> => {
    const result = await renderer!.render({ url, origin, locale, fetch: fetchApi });
    if (result.kind === 'redirect') return result satisfies PageOutcome;
    const template = await renderer!.template(request.url);
    // Replacer functions: a replacement string would read "$'" or "$&" in the page as patterns.
    const html = template
      .replace('<html lang="fr"', () => `<html lang="${escapeHtml(locale)}"`)
      .replace('<!--app-head-->', () =>
        [result.head, renderer!.localeHead?.(locale)].filter(Boolean).join('\n    '),
      )
      .replace('<!--app-html-->', () => result.html)
      .replace('<!--app-state-->', () => result.stateScript);
    // The Vite dev server injects inline scripts of its own; built pages allow only ours, by hash.
    const inlineScripts = [
      ...`${result.head}${result.stateScript}`.matchAll(/<script>([\s\S]*?)<\/script>/g),
    ].map((m) => m[1] ?? '');
    const csp = development ? undefined : pageContentSecurityPolicy({ url: request.url, inlineScripts });
    const body = await precompress(html);
    const page: PageOutcome = { kind: 'page', status: result.status, personal: result.personal, csp, body };
    return page;
  };

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!renderer) return reply.code(503).send({ message: 'Page rendering is not configured' });
    const { locale, fromQuery } = resolveLocale(request);
    const origin = app.services.siteOrigin.forRequest(request);
    const url = pageAddress(request.url);
    const shared = !development && isSharedPage(url);
    const page = shared
      ? await app.services.pageCache.get(`${locale} ${origin} ${url}`, () =>
          render(request, url, locale, origin),
        )
      : await render(request, url, locale, origin);
    if (fromQuery) {
      reply.header(
        'set-cookie',
        `${LOCALE_STORAGE_KEY}=${locale}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`,
      );
    }
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    if (page.csp) reply.header('content-security-policy', page.csp);
    return sendPrecompressed(request, reply.code(page.status), page.body, {
      contentType: 'text/html; charset=utf-8',
      cacheControl: page.personal || isPersonalAddress(url) ? PERSONAL_CACHE_CONTROL : 'no-cache',
      vary: 'Accept-Encoding, Cookie',
    });
  };

  app.get('/*', { config: { renderedPage: true }, compress: false }, async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ message: `No API route GET ${request.url.split('?')[0]}` });
    }
    const path = routedPath(request.url);
    if (path === '/index.html/') {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/${search}`, 301);
    }
    // Built files are served before this route: a name missing there (an old build's hash, a typo)
    // is a small 404, not a whole page a script or a stylesheet would choke on.
    if (path.startsWith('/assets/')) return reply.code(404).send({ message: 'No such file' });
    return renderPage(request, reply);
  });
}
