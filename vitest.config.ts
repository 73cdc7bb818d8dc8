import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    globalSetup: ['tests/setup/database-template.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Files share their worker's modules: the app is imported once per worker, not once per file
    // (import was a third of the suite's time). Each file still opens its own database and app.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
