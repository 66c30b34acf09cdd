import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each test file runs in its own process: files that start their own local stack set
    // process-wide configuration (the functions run in-process, as a warm Lambda would).
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: 'silent' },
    reporters: ['default'],
  },
});
