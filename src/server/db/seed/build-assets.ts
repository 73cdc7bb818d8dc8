import { buildDemoAssets, writeDemoAssets } from './demo-assets';

/**
 * `node dist/server/seed-assets.js <dir>`, run by scripts/build.mjs: the demo catalogue's files,
 * made once at build time (see demo-assets.ts), in a process of its own so the build's memory and
 * sharp's and mupdf's threads go away with it.
 */
const [dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: node dist/server/seed-assets.js <dir>');
await writeDemoAssets(dir, await buildDemoAssets());
