// The service worker of the order page and the library (src/web/storefront/offline/service-worker.ts),
// built to <client>/offline-sw.js with the files of the page's shell written into it.
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';

/** Pages whose code the shell must hold offline: the app's entry, the order page, the library, each language. */
const PAGES = ['src/web/storefront/order/order-page.tsx', 'src/web/storefront/library/library-page.tsx'];
const SHELL_SOURCES = [
  /^index\.html$/,
  ...PAGES.map((page) => new RegExp(`^${page.replaceAll('.', '\\.')}$`)),
  /^src\/web\/i18n\/\w+\.ts$/,
  /^src\/web\/components\/ui\/toast-view\.tsx$/,
];

/** The files a manifest entry loads: its own, its stylesheets, and what it imports, transitively. */
function closure(manifest, key, into) {
  const chunk = manifest[key];
  if (!chunk || into.has(`/${chunk.file}`)) return;
  into.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) into.add(`/${css}`);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
}

export async function buildOfflineWorker(clientDir) {
  const manifest = JSON.parse(await readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'));
  const files = new Set();
  for (const key of Object.keys(manifest)) {
    if (SHELL_SOURCES.some((source) => source.test(key))) closure(manifest, key, files);
  }
  // The page's lazy parts (toasts among them) are small: the shell keeps them all, for offline use.
  for (const page of PAGES)
    for (const key of manifest[page]?.dynamicImports ?? []) closure(manifest, key, files);
  files.add('/favicon.svg');
  const precache = [...files].sort();

  // The shell: the page template with nothing of any buyer in it; the app renders the offline view.
  const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const shell = template
    .replace('<!--app-head-->', '<title>Guides Afrique</title>\n    <meta name="robots" content="noindex">')
    .replace('<!--app-html-->', '')
    .replace('<!--app-state-->', '');
  await writeFile(path.join(clientDir, 'offline-shell.html'), shell);

  const version = createHash('sha256')
    .update(JSON.stringify(precache))
    .update(shell)
    .digest('hex')
    .slice(0, 16);
  const outDir = path.join(clientDir, '..', '.offline-worker');
  await build({
    logLevel: 'warn',
    configFile: false,
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2020',
      lib: {
        entry: 'src/web/storefront/offline/service-worker.ts',
        formats: ['iife'],
        name: 'offlineWorker',
        fileName: () => 'offline-sw.js',
      },
    },
  });
  const source = (await readFile(path.join(outDir, 'offline-sw.js'), 'utf8'))
    .replace(/(["'`])__OFFLINE_PRECACHE__\1/, JSON.stringify(JSON.stringify(precache)))
    .replace(/__OFFLINE_VERSION__/, version);
  if (source.includes('__OFFLINE_')) throw new Error('The service worker was built without its file list');
  await writeFile(path.join(clientDir, 'offline-sw.js'), source);
  await rm(outDir, { recursive: true, force: true });
  return { precache, version };
}
