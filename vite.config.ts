import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // wouter's fallback for React < 18; React 19 has the hook (first-load JavaScript budget).
    alias: {
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./src/web/lib/use-sync-external-store-shim.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist/client',
    manifest: true,
    assetsInlineLimit: 0,
    target: 'es2020',
    // The polyfill only starts downloads early in browsers without <link rel=modulepreload>
    // (Safari before 17); they still load every chunk on import. Not worth ~0.4 KB for everyone.
    modulePreload: { polyfill: false },
  },
  ssr: {
    noExternal: [],
  },
});
