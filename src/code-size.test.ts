import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, test } from 'vitest';

/**
 * No source file over 300 lines and no function over 80 lines, so that each file and
 * each function can be read at once. Seed data, migrations, fakes and tests are left out. Files
 * are read with the oxc parser that Vite ships, as scripts/module-cycles.ts does.
 *
 * Known breaches, as "file" or "file › function"; an entry that no longer breaks the rule fails the
 * check, so none can linger. Empty: keep it so.
 */
const KNOWN_BREACHES: readonly string[] = [];

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 80;

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Every checked source file under src/, relative to the repository root. */
function sourceFiles(): string[] {
  return readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !/^src\/server\/db\/(seed|migrations)\//.test(file) && !/-fake\.tsx?$/.test(file));
}

type Node = { type?: string; start: number; end: number; [key: string]: unknown };

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** The name a function goes by: its own, or that of the variable, property or method holding it. */
function nameOf(node: Node, parent: Node | undefined): string {
  const named = (value: unknown): string | undefined => {
    const key = value as { name?: string; value?: unknown } | null | undefined;
    return key?.name ?? (typeof key?.value === 'string' ? key.value : undefined);
  };
  return named(node.id) ?? named(parent?.id) ?? named(parent?.key) ?? '(anonymous)';
}

/** Each function of a source text, with its name and length in lines. */
function functionLengths(file: string, source: string): { name: string; lines: number }[] {
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message}`);
  const lineAt = (offset: number): number => source.slice(0, offset).split('\n').length;
  const found: { name: string; lines: number }[] = [];
  const visit = (node: unknown, parent: Node | undefined): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const current = node as Node;
    if (current.type && FUNCTION_TYPES.has(current.type)) {
      found.push({ name: nameOf(current, parent), lines: lineAt(current.end) - lineAt(current.start) + 1 });
    }
    for (const [key, child] of Object.entries(current)) {
      if (key !== 'parent' && child && typeof child === 'object')
        visit(child, current.type ? current : parent);
    }
  };
  visit(program, undefined);
  return found;
}

/** Every file and function over its limit, as "file" or "file › function (n lines)". */
function breaches(): { id: string; lines: number }[] {
  return sourceFiles().flatMap((file) => {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    const lines = source.split('\n').length - (source.endsWith('\n') ? 1 : 0);
    const fileBreach = lines > MAX_FILE_LINES ? [{ id: file, lines }] : [];
    const functionBreaches = functionLengths(file, source)
      .filter((fn) => fn.lines > MAX_FUNCTION_LINES)
      .map((fn) => ({ id: `${file} › ${fn.name}`, lines: fn.lines }));
    return [...fileBreach, ...functionBreaches];
  });
}

describe('source size', () => {
  const found = breaches();

  test('no file over 300 lines nor function over 80, apart from the known ones being split', () => {
    expect(sourceFiles().length).toBeGreaterThan(100);
    expect(found.filter((breach) => !KNOWN_BREACHES.includes(breach.id))).toEqual([]);
  });

  test('every known breach still breaks the rule (else remove it from the list)', () => {
    const ids = found.map((breach) => breach.id);
    expect(KNOWN_BREACHES.filter((known) => !ids.includes(known))).toEqual([]);
  });
});

describe('the function measure', () => {
  test('counts declarations, arrow functions and methods by their name', () => {
    const source = [
      'function declared() {',
      '  return 1;',
      '}',
      'const arrow = () => {',
      '  const inner = function () {};',
      '};',
      'class Shape {',
      '  area() {',
      '    return 0;',
      '  }',
      '}',
      'const object = { method() {} };',
    ].join('\n');
    expect(functionLengths('sample.ts', source)).toEqual([
      { name: 'declared', lines: 3 },
      { name: 'arrow', lines: 3 },
      { name: 'inner', lines: 1 },
      { name: 'area', lines: 3 },
      { name: 'method', lines: 1 },
    ]);
  });
});
