import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { type RenderPage, SSR_STATE_KEY } from '../shared/ssr';
import { AppShell } from './app/app-shell';
import { createQueryClient } from './app/query-client';
import { createRoutes, NOT_FOUND_ROUTE_ID } from './app/routes';
import { createApiClient } from './lib/api';
import { HeadCollectorContext, type HeadData } from './lib/head';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON that is safe inside a <script>: nothing in it can close the tag or start a comment. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function renderHead(head: HeadData | undefined, origin: string): string {
  if (!head) return '';
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  if (head.path && !head.noindex) {
    const url = `${origin}${head.path}`;
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url)}">`,
      `<link rel="alternate" hreflang="fr" href="${escapeHtml(`${url}?lang=fr`)}">`,
      `<link rel="alternate" hreflang="en" href="${escapeHtml(`${url}?lang=en`)}">`,
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}">`,
    );
  }
  if (head.extra) tags.push(head.extra);
  return tags.join('\n    ');
}

export const render: RenderPage = async (request) => {
  const queryClient = createQueryClient();
  const deps = {
    api: createApiClient(request.fetch),
    queryClient,
    getLocale: () => request.locale,
    origin: request.origin,
  };
  const handler = createStaticHandler(createRoutes(deps));
  const url = new URL(request.url, request.origin);
  const context = await handler.query(new Request(url, { method: 'GET' }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: { data?: HeadData } = {};
  const html = renderToString(
    <HeadCollectorContext.Provider value={head}>
      <AppShell deps={deps} locale={request.locale} setLocale={() => {}}>
        <StaticRouterProvider router={router} context={context} />
      </AppShell>
    </HeadCollectorContext.Provider>,
  );
  const lastMatch = context.matches.at(-1)?.route.id;
  const status = lastMatch === NOT_FOUND_ROUTE_ID ? 404 : context.statusCode;
  const state = { locale: request.locale, queries: dehydrate(queryClient) };
  return {
    kind: 'page',
    status,
    head: renderHead(head.data, request.origin),
    html,
    stateScript: `<script>window.${SSR_STATE_KEY}=${serializeForScript(state)}</script>`,
  };
};
