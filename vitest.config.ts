import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server files that take minutes, longest first as the server and browser tiers ran together
 * on a loaded machine (issue 20): server-provision 12 min, applications 9.5, backups 8 (restic
 * retries an S3 upload cut mid-way for six minutes), restore 6.5, bind9 6.4, mailserver 5.2,
 * servers 4, roundcube 3.5; most others under 2 min.
 * They start first, so the workers of the server tier end together instead of one running the
 * longest file alone at the end.
 * Vitest orders by the durations it cached itself when it has them, but a clean clone (CI) has none.
 */
const LONGEST_FILES_FIRST = [
  // One n8n install (npm install of ~1,900 packages, sqlite3 compiled): 4 to 14 minutes.
  'packages/recipes/src/n8n/n8n.server.test.ts',
  'packages/recipes/src/server-provision.server.test.ts',
  'apps/api/src/applications/applications.server.test.ts',
  'packages/recipes/src/backups/backups.server.test.ts',
  'packages/recipes/src/backups/restore.server.test.ts',
  'apps/api/src/bind9/bind9.server.test.ts',
  'apps/api/src/mailserver/mailserver.server.test.ts',
  'apps/api/src/servers/servers.server.test.ts',
  'apps/api/src/roundcube/roundcube.server.test.ts',
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
 * - servers: recipes, agent and terminal against booted test servers, three files at a time (each
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
          // Vitest's default is one worker fewer than the cores: one file at a time on two cores,
          // with the second core idle through the whole tier (the image build beside it is cached).
          // Two at once took a loaded tier from 27 to 22 minutes.
          maxWorkers: Math.max(2, availableParallelism() - 1),
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
          // Most of a server test is waiting on the server (boots, apt, systemd): three files
          // overlap that waiting on two cores (issue 19 added three long files; two workers took
          // the tier past a quarter of an hour). Each file's server names are its own.
          maxWorkers: 3,
          // With three files at once, provisioning step by step took just over 10 min in CI.
          testTimeout: 900_000,
          hookTimeout: 900_000,
          // Two cores run this tier beside the browser tier and three booted servers: a test that
          // fails once on a timing (an SSH handshake, a unit that says active before it listens)
          // runs once more. npm test names every test that needed it ("flaky"), so none is hidden.
          retry: 1,
        },
      },
    ],
  },
});
