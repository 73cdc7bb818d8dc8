import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * the web app reaches the API only through the endpoint catalogue (`api.call`, `urlOf`,
 * `adminCall`, `adminUploadTo`), so a path changes in one place and every answer is typed by its
 * contract. A string that starts with /api/ (quoted or a template) outside the tests is a breach.
 */
const WEB_ROOT = join(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
const LITERAL_API_PATH = /['"`]\/api\//;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });
}

/** `file:line` of every literal API path in the given files. */
function literalApiPaths(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    text.split('\n').flatMap((line, index) => (LITERAL_API_PATH.test(line) ? [`${path}:${index + 1}`] : [])),
  );
}

describe('API paths in src/web', () => {
  test('a quoted or templated /api/ path is found, a comment or a catalogue call is not', () => {
    const files = [
      { path: 'a.ts', text: '// GET /api/orders\nawait api.call(order, { params: { id } });' },
      { path: 'b.ts', text: "const x = 1;\nfetch('/api/orders');\nfetch(`/api/orders/x`);" },
    ];
    expect(literalApiPaths(files)).toEqual(['b.ts:2', 'b.ts:3']);
  });

  test('no source file outside the tests names an API path: calls go through the endpoint catalogue', () => {
    const files = sourceFiles(WEB_ROOT).map((path) => ({
      path: relative(WEB_ROOT, path),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(50);
    expect(literalApiPaths(files)).toEqual([]);
  });
});
