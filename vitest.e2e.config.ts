import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    // One shop server and one browser per file, each on its own port, data folder and database: two
    // files at a time, since most of a browser test is waiting on pages.
    maxWorkers: 2,
    testTimeout: 60_000,
    // expect.poll waits for what a page does next; vitest's default of 1 s is shorter than a
    // hydration on a loaded machine. A poll still ends the moment its condition holds.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
  },
});
