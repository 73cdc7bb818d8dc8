import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../shared/locale';
import type { RenderPage } from '../../shared/ssr';
import { pageContentSecurityPolicy } from '../http/security-headers';
import type { PageRenderer } from './pages';

/** The production build: dist/client (assets + index.html) and dist/ssr/entry-server.js. */
export async function createProductionRenderer(distDir: string): Promise<PageRenderer> {
  const template = await inlineStylesheets(
    await readFile(path.join(distDir, 'client', 'index.html'), 'utf8'),
    distDir,
  );
  const entry = (await import(pathToFileURL(path.join(distDir, 'ssr', 'entry-server.js')).href)) as {
    render: RenderPage;
  };
  const localePreloads = await localeChunkPreloads(distDir);
  return { render: entry.render, template: async () => template, localeHead: (l) => localePreloads[l] ?? '' };
}

/**
 * Each language is a chunk the browser needs before it hydrates (src/web/i18n): a page in that
 * language names it in its head, so it downloads beside the entry, not after it.
 */
export async function localeChunkPreloads(distDir: string): Promise<Partial<Record<Locale, string>>> {
  const manifest = JSON.parse(
    await readFile(path.join(distDir, 'client', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const preloads: Partial<Record<Locale, string>> = {};
  for (const [source, chunk] of Object.entries(manifest)) {
    const locale = /^src\/web\/i18n\/(\w+)\.ts$/.exec(source)?.[1] as Locale | undefined;
    if (locale) preloads[locale] = `<link rel="modulepreload" href="/${chunk.file}">`;
  }
  return preloads;
}

/**
 * The stylesheet (about 6 KB compressed) goes inside the HTML: on a 300 ms mobile connection a
 * render-blocking stylesheet costs a whole extra round trip before anything shows.
 */
async function inlineStylesheets(html: string, distDir: string): Promise<string> {
  let result = html;
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)) {
    const css = await readFile(path.join(distDir, 'client', match[1]!), 'utf8');
    result = result.replace(match[0], `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }
  return result;
}

/** Serves the hashed build output; hashed names never change content, so they are cached for a year. */
export async function registerBuiltAssets(app: FastifyInstance, distDir: string): Promise<void> {
  const fastifyStatic = (await import('@fastify/static')).default;
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'client'),
    prefix: '/',
    index: false,
    wildcard: false,
    // The page template, markers and all: /index.html is the home page's old name (render/pages.ts).
    globIgnore: ['index.html'],
    serve: true,
    // build.mjs writes .br and .gz beside each asset, compressed harder than on the fly.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // The offline app's worker and shell change with each build: checked every time.
      const everyTime = /offline-(sw\.js|shell\.html)$/.test(filePath);
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : everyTime ? 'no-cache' : 'public, max-age=86400',
      );
      // Not the closed policy of other files: its `sandbox` would give the worker an opaque origin,
      // without Cache Storage. The shell is a page like the others, with no inline script.
      if (filePath.endsWith('offline-sw.js')) reply.header('content-security-policy', "default-src 'self'");
      if (filePath.endsWith('offline-shell.html'))
        reply.header('content-security-policy', pageContentSecurityPolicy({ url: '/', inlineScripts: [] }));
    },
  });
}

/**
 * Development: Vite in middleware mode gives hot reload and compiles the server entry on the fly.
 * Vite is a dev dependency, so it is only imported here.
 */
export async function createDevRenderer(app: FastifyInstance, root: string): Promise<PageRenderer> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  const middie = (await import('@fastify/middie')).default;
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', async () => {
    await vite.close();
  });
  const rawTemplate = path.join(root, 'index.html');
  return {
    render: async (request) => {
      const entry = (await vite.ssrLoadModule('/src/web/entry-server.tsx')) as { render: RenderPage };
      return entry.render(request);
    },
    template: async (url) => vite.transformIndexHtml(url, await readFile(rawTemplate, 'utf8')),
  };
}
