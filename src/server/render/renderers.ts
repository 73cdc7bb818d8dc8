import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { RenderPage } from '../../shared/ssr';
import type { PageRenderer } from './pages';

/** The production build: dist/client (assets + index.html) and dist/ssr/entry-server.js. */
export async function createProductionRenderer(distDir: string): Promise<PageRenderer> {
  const template = await readFile(path.join(distDir, 'client', 'index.html'), 'utf8');
  const entry = (await import(pathToFileURL(path.join(distDir, 'ssr', 'entry-server.js')).href)) as {
    render: RenderPage;
  };
  return { render: entry.render, template: async () => template };
}

/** Serves the hashed build output; hashed names never change content, so they are cached for a year. */
export async function registerBuiltAssets(app: FastifyInstance, distDir: string): Promise<void> {
  const fastifyStatic = (await import('@fastify/static')).default;
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'client'),
    prefix: '/',
    index: false,
    wildcard: false,
    serve: true,
    preCompressed: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
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
