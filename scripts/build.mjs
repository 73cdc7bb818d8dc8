// Production build: the browser bundle, the server-rendering entry, and the server itself.
process.env.NODE_ENV = 'production'; // vitest runs this with NODE_ENV=test, which would bundle React's development build

import { spawn, spawnSync } from 'node:child_process';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { buildOfflineWorker } from './offline-worker.mjs';

// `node scripts/build.mjs [out-dir]`: the tests build into their own folder so that a running
// shop's dist/ is never swapped under it.
// The folder must resolve this checkout's packages (its own or a parent's node_modules): the demo-files
// step below runs the built code, which imports pdf-lib and sharp from there.
const out = path.resolve(process.argv[2] ?? 'dist');
const started = performance.now();
await rm(out, { recursive: true, force: true });

// 1. Browser: hashed, immutable assets and the HTML shell.
await build({ logLevel: 'warn', build: { outDir: path.join(out, 'client') } });

// 2. Server-side rendering entry (React app for Node).
await build({
  logLevel: 'warn',
  build: {
    ssr: 'src/web/entry-server.tsx',
    outDir: path.join(out, 'ssr'),
    emptyOutDir: true,
    copyPublicDir: false,
  },
});

// 3. The Fastify server; dependencies stay in node_modules.
await build({
  logLevel: 'warn',
  configFile: false,
  build: {
    ssr: true,
    outDir: path.join(out, 'server'),
    emptyOutDir: true,
    copyPublicDir: false,
    target: 'node20',
    rollupOptions: {
      // The seeding process main.ts runs on a new shop; shared chunks stay beside the entries, where
      // the server finds its migrations and the empty cluster from its own address.
      input: {
        main: 'src/server/main.ts',
        'seed-child': 'src/server/db/seed/child.ts',
        'seed-assets': 'src/server/db/seed/build-assets.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
// 3b. The demo catalogue's files (src/server/db/seed/demo-assets.ts), made once here instead of on each
// new shop's first start; in a process of its own, while the steps below run.
const demoAssetsStarted = performance.now();
const demoAssets = new Promise((resolve, reject) => {
  const child = spawn(
    process.execPath,
    [path.join(out, 'server', 'seed-assets.js'), path.join(out, 'server', 'demo-assets')],
    { stdio: 'inherit' },
  );
  child.once('error', reject);
  child.once('exit', (code) =>
    code === 0
      ? resolve(performance.now() - demoAssetsStarted)
      : reject(new Error('Making the demo files failed')),
  );
});
demoAssets.catch(() => {});
// 4. The order page's and the library's service worker, with the list of files their shell needs.
await buildOfflineWorker(path.join(out, 'client'));

// Pre-compress the browser's assets once, at the strongest levels (served by @fastify/static).
const assetsDir = path.join(out, 'client', 'assets');
for (const name of await readdir(assetsDir)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const data = await readFile(path.join(assetsDir, name));
  await writeFile(
    path.join(assetsDir, `${name}.br`),
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(path.join(assetsDir, `${name}.gz`), gzipSync(data, { level: 9 }));
}
await cp('src/server/db/migrations', path.join(out, 'server', 'migrations'), { recursive: true });
// 4. An empty, migrated database cluster for the embedded database's first start (see pglite-template.mjs).
const template = spawnSync(
  process.execPath,
  [
    'scripts/pglite-template.mjs',
    path.join(out, 'server', 'pglite-template'),
    path.join(out, 'server', 'migrations'),
  ],
  {
    stdio: 'inherit',
  },
);
if (template.status !== 0) throw new Error('Making the empty PGlite cluster failed');
const demoAssetsMs = await demoAssets;
await writeFile(path.join(out, '.build-stamp'), new Date().toISOString());
console.log(
  `Built in ${Math.round(performance.now() - started)} ms (demo files ${Math.round(demoAssetsMs)} ms of it, in parallel)`,
);
