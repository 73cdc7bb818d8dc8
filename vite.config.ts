import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    assetsInlineLimit: 0,
    target: 'es2020',
  },
  ssr: {
    noExternal: [],
  },
});
