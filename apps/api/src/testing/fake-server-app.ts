import { eq } from './sql.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../database/database.js';
import { events, sites } from '../database/schema.js';
import { insertServer } from '../policy/testing/policy-fixtures.js';
import type { RemoteExecutor, RunOptions } from '../remote/remote-executor.js';
import { createFakeServer, FAKE_HOST_KEY, FAKE_ROOT_PASSWORD } from '../servers/testing/fake-server.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { createTestApp, type TestApp } from './test-app.js';
import { availableTestDatabases } from './test-databases.js';
import { waitFor } from './wait-for.js';

/**
 * Test support (used by no production code): a panel whose job workers run events end to end
 * against the in-memory server of servers/testing/fake-server.ts, wrapped to record each step with
 * its stdin and to fail the steps a test names (`recipe/step`). Each area's test support says what
 * its steps print.
 */

/** One step the fake server was asked to run: its recipe, step and whole stdin (frame + secrets). */
export interface RecordedStep {
  recipe: string;
  step: string;
  stdin: Buffer;
}

export interface RecordingFakeServerOptions {
  /** Prints what the real script prints when it fails; the step then exits 1. */
  failStep(runOptions: RunOptions): void;
  /** Before each step that is not failed: prints what the real step prints beyond the fake's output. */
  beforeStep?(step: RecordedStep, runOptions: RunOptions): void;
}

export function createRecordingFakeServer(options: RecordingFakeServerOptions) {
  const fake = createFakeServer();
  const steps: RecordedStep[] = [];
  /** `recipe/step` names that fail (a test adds them; cleared before each test). */
  const failing = new Set<string>();
  const field = (text: string, name: string) =>
    new RegExp(`(?:^|\\0)${name}=([^\\0]*)\\0`).exec(text)?.[1] ?? '';
  const executor: RemoteExecutor = {
    async connect(target, connectOptions) {
      const session = await fake.executor.connect(target, connectOptions);
      return {
        ...session,
        async run(runOptions) {
          const stdin = Buffer.from(runOptions.stdin ?? '');
          const text = stdin.toString('utf8');
          const recorded = { recipe: field(text, 'HD_RECIPE_ID'), step: field(text, 'HD_STEP_ID'), stdin };
          steps.push(recorded);
          if (failing.has(`${recorded.recipe}/${recorded.step}`)) {
            options.failStep(runOptions);
            return { exitCode: 1, signal: null, durationMs: 1 };
          }
          options.beforeStep?.(recorded, runOptions);
          return session.run(runOptions);
        },
      };
    },
  };
  /** `recipe/step` of every step run so far. */
  const ran = () => steps.map((step) => `${step.recipe}/${step.step}`);
  return { fake, executor, steps, failing, ran };
}

export type RecordingFakeServer = ReturnType<typeof createRecordingFakeServer>;

/**
 * A panel with job workers on `server`, built once for the test file; the recorded steps and the
 * failing ones are cleared before each test. `env` is read when the panel is built.
 */
export function useFakeServerApp(
  server: RecordingFakeServer,
  options: { env?: () => Record<string, string> } = {},
) {
  let test: TestApp | undefined;
  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, {
      executor: server.executor,
      workers: true,
      ...(options.env ? { env: options.env() } : {}),
    });
  });
  afterAll(async () => test?.close());
  beforeEach(() => {
    server.steps.length = 0;
    server.failing.clear();
  });
  const testApp = () => test!;
  return { server, testApp, db: () => testApp().database.db };
}

/** A server row of `userId` that the fake server answers for (its host key and root password). */
export async function insertFakeServerRecord(
  test: TestApp,
  userId: number,
  values: { name: string; ip: string },
) {
  return insertServer(test.database.db, userId, {
    ...values,
    hostKeyFingerprint: FAKE_HOST_KEY,
    sealedPassword: test.panel.secretBox.seal(FAKE_ROOT_PASSWORD, SECRET_PURPOSE.password),
  });
}

export async function readSite(db: Database, id: number) {
  return (await db.select().from(sites).where(eq(sites.id, id)))[0]!;
}

/** The event once the job workers finished it (25 s at most: the fake server answers at once). */
export async function waitForEvent(db: Database, id: number) {
  return waitFor(
    async () => {
      const [event] = await db.select().from(events).where(eq(events.id, id));
      return event?.isFinished ? event : undefined;
    },
    { timeoutMs: 25_000, what: `event ${id} to finish` },
  );
}
