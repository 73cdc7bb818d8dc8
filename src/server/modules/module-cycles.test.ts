import { describe, expect, test } from 'vitest';
import { cycleEdges, cycles, type Graph, moduleGraph, without } from '../../../scripts/module-cycles';

/**
 * No import cycle between server modules (issue 16): a module may use another, never the other way
 * round too, so each can be read, tested and changed from the bottom up. Type-only imports count:
 * they tie the modules' shapes together just the same.
 *
 * Known cycles being removed, as the edges that close them ("from → to"). Empty this list once
 * they are gone: an edge listed here that no longer exists fails the check, so it cannot linger.
 */
const KNOWN_CYCLE_EDGES: readonly string[] = [
  // jobs/job-handlers.ts runs every module's jobs; modules are to declare their own.
  'jobs → checkout',
  'jobs → mail',
  'jobs → mobile-money',
  // mobile-money.service.ts takes findRepeatedOrder from checkout.service.ts.
  'mobile-money → checkout',
  // orders.routes.ts takes paymentUrlFor from mobile-money.service.ts.
  'orders → mobile-money',
];

describe('server modules', () => {
  const graph = moduleGraph();

  test('import no cycle, apart from the known ones being removed', () => {
    expect(graph.size).toBeGreaterThan(10);
    expect(cycleEdges(without(graph, KNOWN_CYCLE_EDGES))).toEqual([]);
  });

  test('every known cycle edge still exists (else remove it from the list)', () => {
    const existing = [...graph].flatMap(([from, targets]) => [...targets].map((to) => `${from} → ${to}`));
    expect(KNOWN_CYCLE_EDGES.filter((edge) => !existing.includes(edge))).toEqual([]);
  });
});

describe('the cycle finder', () => {
  const graphOf = (edges: Record<string, string[]>): Graph =>
    new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

  test('finds a cycle of two and a longer one, and nothing in a chain', () => {
    expect(cycles(graphOf({ a: ['b'], b: ['a'], c: ['d'], d: ['e'], e: ['c'], f: ['a'] }))).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
    expect(cycles(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
  });

  test('an allowed edge breaks its cycle', () => {
    expect(cycles(without(graphOf({ a: ['b'], b: ['a'] }), ['b → a']))).toEqual([]);
  });
});
