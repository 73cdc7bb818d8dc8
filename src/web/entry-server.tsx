import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { parse as parsePattern } from 'regexparam';
import { Router } from 'wouter';
import { BEFORE_APP_SCRIPT } from '../shared/before-app-script';
import { escapeHtml } from '../shared/escape-html';
import type { Locale } from '../shared/locale';
import { type RenderPage, SSR_STATE_KEY } from '../shared/ssr';
import { AppShell } from './app/app-shell';
import { createQueryClient } from './app/query-client';
import { AppRoutes, prepareRoute } from './app/routes';
import { loadLocale } from './i18n';
import { createApiClient } from './lib/api';
import type { AppDeps } from './lib/deps';
import { HeadCollectorContext, type HeadData, OG_LOCALES, SHARE_IMAGE_PATH, socialTags } from './lib/head';
import { localisedPath } from './lib/paths';
import { dehydrateQueries } from './lib/query-client';

/** JSON that is safe inside a <script>: nothing in it can close the tag or start a comment. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Title, description, and the canonical and hreflang links of the page in the language it is shown in. */
function renderHead(head: HeadData | undefined, origin: string, locale: Locale): string {
  if (!head) return '';
  const tags = [
    `<script>${BEFORE_APP_SCRIPT}</script>`,
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  if (head.path && !head.noindex) {
    const url = (path: string, l: Locale) => escapeHtml(`${origin}${localisedPath(path, l)}`);
    // A guide's other language is another guide; every other page exists in both languages.
    const alternates: Partial<Record<Locale, string>> = head.alternates ?? { fr: head.path, en: head.path };
    const canonicalLocale = head.alternates ? (Object.keys(alternates)[0] as Locale) : locale;
    tags.push(`<link rel="canonical" href="${url(head.path, canonicalLocale)}">`);
    for (const [l, path] of Object.entries(alternates) as [Locale, string][]) {
      tags.push(`<link rel="alternate" hreflang="${l}" href="${url(path, l)}">`);
    }
    const fallback = alternates.fr ?? head.path;
    tags.push(`<link rel="alternate" hreflang="x-default" href="${url(fallback, 'fr')}">`);
    if (head.prev) tags.push(`<link rel="prev" href="${url(head.prev, locale)}">`);
    if (head.next) tags.push(`<link rel="next" href="${url(head.next, locale)}">`);
  }
  if (head.extra) tags.push(head.extra);
  // Every page a link can be shared to shows a title, a text and a picture (a guide its own cover).
  if (!head.extra?.includes('og:title'))
    tags.push(
      socialTags({
        title: head.title,
        description: head.description,
        url: head.path ? `${origin}${localisedPath(head.path, locale)}` : undefined,
        image: `${origin}${SHARE_IMAGE_PATH}`,
        imageType: 'image/png',
        imageAlt: head.title,
        locale: OG_LOCALES[locale],
      }),
    );
  return tags.join('\n    ');
}

/**
 * Renders everything, lazy route chunks included, before answering (the head is known only then).
 * Every boundary is written in place: React would otherwise move a large one to the end of the page
 * with inline scripts to put it back, which the page's CSP (hashes of our own scripts) blocks and
 * hydration then finds a different page.
 */
function renderComplete(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const sink = new PassThrough();
        text(sink).then(resolve, reject);
        stream.pipe(sink);
      },
      onShellError: reject,
    });
  });
}

export const render: RenderPage = async (request) => {
  const queryClient = createQueryClient();
  const deps: AppDeps = {
    api: createApiClient(request.fetch),
    queryClient,
    getLocale: () => request.locale,
    origin: request.origin,
  };
  await loadLocale(request.locale);
  const url = new URL(request.url, request.origin);
  const prepared = await prepareRoute(deps, url, (route, loose) => parsePattern(route, loose));
  if ('redirect' in prepared) return { kind: 'redirect', status: 302, location: prepared.redirect };

  const head: { data?: HeadData } = {};
  const html = await renderComplete(
    <HeadCollectorContext.Provider value={head}>
      <AppShell deps={deps} locale={request.locale} setLocale={() => {}}>
        <Router ssrPath={url.pathname} ssrSearch={url.search.slice(1)}>
          <AppRoutes />
        </Router>
      </AppShell>
    </HeadCollectorContext.Provider>,
  );
  const state = {
    locale: request.locale,
    // Failed queries too (an unknown guide), so the browser hydrates the same 404 the server drew.
    queries: dehydrateQueries(queryClient),
  };
  return {
    kind: 'page',
    status: prepared.status,
    personal: prepared.personal,
    head: renderHead(head.data, request.origin, request.locale),
    html,
    stateScript: `<script>window.${SSR_STATE_KEY}=${serializeForScript(state)}</script>`,
  };
};
