import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';

/**
 * The import graph between server modules (src/server/modules/*), read with the oxc parser that
 * Vite ships (TypeScript-aware, no TypeScript API needed), and the cycles in it. The check is
 * src/server/modules/module-cycles.test.ts; `npx tsx scripts/module-cycles.ts` prints the cycles.
 */

/** src/server/modules */
export const MODULES_DIR = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../src/server/modules',
);

export type Graph = Map<string, Set<string>>;

/** Every source file under dir (tests excluded: they may reach across modules). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** The relative specifiers a file imports or re-exports, statically or with import('…'). */
function importedSpecifiers(file: string): string[] {
  const { module, errors } = parseSync(file, readFileSync(file, 'utf8'));
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message}`);
  const statics = [
    ...module.staticImports.map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) =>
      entry.entries.flatMap((e) => (e.moduleRequest ? [e.moduleRequest.value] : [])),
    ),
  ];
  const source = readFileSync(file, 'utf8');
  const dynamics = module.dynamicImports
    .map((entry) => source.slice(entry.moduleRequest.start, entry.moduleRequest.end))
    .filter((text) => /^['"][^'"]+['"]$/.test(text))
    .map((text) => text.slice(1, -1));
  return [...statics, ...dynamics].filter((specifier) => specifier.startsWith('.'));
}

/** The module a path belongs to (its first folder under modules/), or undefined outside them. */
function moduleOf(file: string): string | undefined {
  const relative = path.relative(MODULES_DIR, file);
  if (relative.startsWith('..')) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : undefined;
}

/** Which module imports which, from the source files. */
export function moduleGraph(dir: string = MODULES_DIR): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(dir)) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const specifier of importedSpecifiers(file)) {
      const to = moduleOf(path.resolve(path.dirname(file), specifier));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The cycles of a graph, as its strongly connected components of more than one node (Tarjan). */
export function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The graph without the listed "from → to" edges. */
export function without(graph: Graph, edges: readonly string[]): Graph {
  return new Map(
    [...graph].map(([from, targets]) => [
      from,
      new Set([...targets].filter((to) => !edges.includes(`${from} → ${to}`))),
    ]),
  );
}

/** "from → to" for every edge inside a cycle. */
export function cycleEdges(graph: Graph): string[] {
  const inCycle = new Map(cycles(graph).flatMap((members) => members.map((m) => [m, members] as const)));
  return [...graph].flatMap(([from, targets]) =>
    [...targets].filter((to) => inCycle.get(from)?.includes(to)).map((to) => `${from} → ${to}`),
  );
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(cycleEdges(moduleGraph()).join('\n') || 'no cycle between server modules');
}
