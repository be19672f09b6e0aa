import { defineConfig } from 'vitest/config';

/**
 * Test tiers (ARCHITECTURE.md, Testing):
 * - unit: unit, integration (real PGlite, and PostgreSQL where one answers) and API tests, beside the code;
 * - servers: recipes, agent and terminal against booted test servers, one file at a time.
 * The browser tier is Playwright (e2e/); benchmarks live in bench/.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages,scripts,tools}/**/src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.server.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'servers',
          include: ['**/*.server.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
