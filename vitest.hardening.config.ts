import { defineConfig } from 'vitest/config';

/** The hardening suite: generated bad input and attacks against every route, with fixed seeds. */
export default defineConfig({
  test: {
    include: ['tests/hardening/**/*.test.ts'],
    globalSetup: ['tests/setup/database-template.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // As the unit suite: one import of the app per worker; each file builds its own shop.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
