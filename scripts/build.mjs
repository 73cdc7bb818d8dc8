// Production build: the browser bundle, the server-rendering entry, and the server itself.
process.env.NODE_ENV = 'production'; // vitest runs this with NODE_ENV=test, which would bundle React's development build

import { cp, rm, writeFile } from 'node:fs/promises';
import { build } from 'vite';

const started = performance.now();
await rm('dist', { recursive: true, force: true });

// 1. Browser: hashed, immutable assets and the HTML shell.
await build({ logLevel: 'warn' });

// 2. Server-side rendering entry (React app for Node).
await build({
  logLevel: 'warn',
  build: { ssr: 'src/web/entry-server.tsx', outDir: 'dist/ssr', emptyOutDir: true, copyPublicDir: false },
});

// 3. The Fastify server; dependencies stay in node_modules.
await build({
  logLevel: 'warn',
  configFile: false,
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    copyPublicDir: false,
    target: 'node20',
    rollupOptions: { output: { format: 'es' } },
  },
});
await cp('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
await writeFile('dist/.build-stamp', new Date().toISOString());
console.log(`Built in ${Math.round(performance.now() - started)} ms`);
