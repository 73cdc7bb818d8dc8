import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    // One shop server and one browser per file, each on its own port, data folder and database. One
    // file at a time: beside the unit and hardening suites, two at a time loaded the two cores enough
    // for about one browser test a run to fail (docs/decisions/026-test-suite-time.md).
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    // expect.poll waits for what a page does next; vitest's default of 1 s is shorter than a
    // hydration on a loaded machine. A poll still ends the moment its condition holds.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
  },
});
