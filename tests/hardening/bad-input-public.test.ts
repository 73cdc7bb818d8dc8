import { afterAll, beforeAll, describe, test } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';
import {
  contractAttempt,
  draw,
  hold,
  type KnownIds,
  newOutcome,
  rawAttempts,
  seedShop,
  type Target,
  targets,
} from './bad-input';
import { HARDENING_ENV, Tally } from './harness';

const RUNS_PER_ROUTE = 160;
const tally = new Tally('bad input, public routes');
let ctx: TestContext;
let known: KnownIds;
let routes: Target[];

beforeAll(async () => {
  ctx = await createTestContext({ env: HARDENING_ENV });
  known = await seedShop(ctx);
  routes = (await targets(ctx)).filter((t) => !t.admin);
});
afterAll(async () => {
  tally.print();
  await ctx.close();
});

describe('generated requests to every public route', () => {
  test('contract-shaped requests (params, query, body; valid or one field broken): no 5xx, JSON 4xx, nothing written on refusal', async () => {
    for (const [i, target] of routes.entries()) {
      const seed = 9_000 + i;
      const outcome = newOutcome();
      try {
        await hold(
          ctx,
          tally,
          'contract-derived',
          outcome,
          draw(contractAttempt(target, known), RUNS_PER_ROUTE, seed).map((a) => a),
        );
      } catch (error) {
        throw new Error(`seed ${seed}: ${(error as Error).message}`);
      }
    }
  });

  test('raw bodies (broken JSON, wrong content types, empty, over 1 MiB, chunked, bad bytes) to every public write route', async () => {
    for (const target of routes.filter((t) => t.route.method !== 'GET')) {
      await hold(ctx, tally, 'raw bodies', newOutcome(), rawAttempts(target, known));
    }
  });
});
