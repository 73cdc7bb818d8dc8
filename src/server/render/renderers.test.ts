import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { localeChunkPreloads } from './renderers';

let dist: string | undefined;
afterEach(async () => {
  if (dist) await rm(dist, { recursive: true, force: true });
});

describe('the language chunk named in a page head', () => {
  test('each dictionary built as a chunk of its own is preloaded for its language, and nothing else', async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'dist-'));
    await mkdir(path.join(dist, 'client', '.vite'), { recursive: true });
    const manifest = {
      'index.html': { file: 'assets/index-a1.js', isEntry: true },
      'src/web/i18n/en.ts': { file: 'assets/en-b2.js', isDynamicEntry: true },
      'src/web/i18n/feature-messages.ts': { file: 'assets/feature-c3.js' },
      'src/web/storefront/cart/cart-drawer.tsx': { file: 'assets/cart-drawer-d4.js' },
    };
    await writeFile(path.join(dist, 'client', '.vite', 'manifest.json'), JSON.stringify(manifest));

    expect(await localeChunkPreloads(dist)).toEqual({
      en: '<link rel="modulepreload" href="/assets/en-b2.js">',
    });
  });
});
