import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server files that take minutes (measured: server-provision about 5-8 min, applications 3-5
 * min, servers 2-3 min; every other file well under 2 min). They start first, so the two workers
 * of the server tier end together instead of one running the longest file alone at the end.
 * Vitest orders by the durations it cached itself when it has them, but a clean clone (CI) has none.
 */
const LONGEST_FILES_FIRST = [
  'packages/recipes/src/server-provision.server.test.ts',
  'apps/api/src/applications/applications.server.test.ts',
  'apps/api/src/servers/servers.server.test.ts',
];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONGEST_FILES_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Test tiers (ARCHITECTURE.md, Testing):
 * - unit: unit, integration (real PGlite, and PostgreSQL where one answers) and API tests, beside the code;
 * - servers: recipes, agent and terminal against booted test servers, two files at a time (each
 *   file boots its own, uniquely named servers; npm test tags them with its run, HOSTDECK_TEST_RUN).
 * The browser tier is Playwright (e2e/); benchmarks live in bench/.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages,scripts,tools}/**/src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.server.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Cross-tier wiring stays here: the web's client test runs against the agent's file API
          // without the web knowing where the agent lives (apps/web never imports apps/agent).
          provide: {
            agentFileServerModule: fileURLToPath(
              new URL('apps/agent/src/files/testing/file-server.ts', import.meta.url),
            ),
          },
        },
      },
      {
        test: {
          name: 'servers',
          include: ['**/*.server.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          // Most of a server test is waiting on the server (boots, apt, systemd): two files overlap
          // that waiting on two cores. Each file's server names are its own (tools/test-server).
          maxWorkers: 2,
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
