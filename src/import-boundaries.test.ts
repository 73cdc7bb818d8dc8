import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

/**
 * The import boundaries of docs/ARCHITECTURE.md, as biome.json's noRestrictedImports rules enforce
 * them in `npm run lint`: scratch files with each kind of import, linted with the project's
 * biome.json in a temporary folder, must be refused exactly where a boundary is crossed.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'import-boundaries-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each scratch file's imports, each marked with whether the boundaries allow it. */
const IMPORTS: Record<string, [specifier: string, allowed: boolean][]> = {
  'src/web/lib/a.ts': [
    ['../../server/config', false],
    ['react-dom/server', true],
    ['../app/routes', false],
    ['../../shared/money', true],
    ['@tanstack/react-query', false],
  ],
  'src/web/admin/shell/a.ts': [
    ['../../lib/paths', true],
    ['../../app/app-shell', false],
  ],
  'src/web/storefront/home/a.ts': [
    ['../../../server/modules/orders/orders.service', false],
    ['../../admin/shell/admin-app', false],
    ['../order/order-page', false],
    ['../checkout/checkout-page', false],
    ['../catalogue/guide-card', true],
    ['../cart/cart-context', true],
    ['../not-found/not-found-page', true],
    ['../pages/content-html', true],
    ['./home-parts', true],
    ['../../lib/deps', true],
    ['../../lib/use-query', true],
    ['@tanstack/react-query', false],
  ],
  'src/web/storefront/order/a.ts': [
    ['../checkout/proof-upload', true],
    ['../home/home-page', false],
    ['@tanstack/react-query', false],
  ],
  'src/web/app/a.ts': [
    ['../storefront/home/home-page', true],
    ['./routes', true],
    ['../../server/config', false],
    ['@tanstack/react-query', false],
  ],
  'src/shared/a.ts': [
    ['./money', true],
    ['../server/config', false],
    ['../web/lib/paths', false],
  ],
};

function lint(): { path: string; line: number }[] {
  const config = JSON.parse(readFileSync('biome.json', 'utf8'));
  writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify({ ...config, vcs: { enabled: false } }));
  for (const [file, imports] of Object.entries(IMPORTS)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    const lines = imports.map(([specifier], i) => `import { x${i} } from '${specifier}';`);
    lines.push(`export { ${imports.map((_, i) => `x${i}`).join(', ')} };`, '');
    writeFileSync(path.join(scratch, file), lines.join('\n'));
  }
  const biome = path.resolve('node_modules/.bin/biome');
  const run = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string; start: { line: number } } }[];
  };
  return report.diagnostics
    .filter((d) => d.category === 'lint/style/noRestrictedImports')
    .map((d) => ({ path: d.location.path, line: d.location.start.line }));
}

test('biome refuses each import across a boundary, and only those', () => {
  const refused = lint()
    .map(({ path: file, line }) => `${file}: ${IMPORTS[file]?.[line - 1]?.[0]}`)
    .sort();
  const expected = Object.entries(IMPORTS)
    .flatMap(([file, imports]) => imports.filter(([, allowed]) => !allowed).map(([s]) => `${file}: ${s}`))
    .sort();
  expect(refused).toEqual(expected);
});
