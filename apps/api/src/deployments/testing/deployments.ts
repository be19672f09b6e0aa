import { sites } from '../../database/schema.js';
import { insertMember, insertShare, insertTeam, signIn } from '../../policy/testing/policy-fixtures.js';
import {
  createRecordingFakeServer,
  insertFakeServerRecord,
  useFakeServerApp,
} from '../../testing/fake-server-app.js';
import type { TestApp } from '../../testing/test-app.js';

export { readSite, waitForEvent } from '../../testing/fake-server-app.js';

export const FAKE_COMMIT = '0123456789abcdef0123456789abcdef01234567';

/**
 * The fake server for deployment tasks: `fetch` and `activate` print the commit a real `fetch`
 * prints, and a failed step prints a failed deploy script (`site-deploy/build`).
 */
export function createDeploymentFakeServer() {
  return createRecordingFakeServer({
    failStep: (runOptions) => runOptions.onStderr?.('the deploy script failed\n'),
    beforeStep: (step, runOptions) => {
      if (['fetch', 'activate'].includes(step.step)) {
        runOptions.onStdout?.(`::hostdeck::info::commit=${FAKE_COMMIT}\n`);
      }
    },
  });
}

/** A panel whose job workers run events against the deployment fake server. */
export function useDeploymentApp(options: Parameters<typeof useFakeServerApp>[1] = {}) {
  return useFakeServerApp(createDeploymentFakeServer(), options);
}

/**
 * Olga owns a connected server with the site `shop.example.com` (user `shop`), shared with her
 * team where Ed edits; Mallory is a stranger.
 */
export async function deploymentScene(test: TestApp, values: Partial<typeof sites.$inferInsert> = {}) {
  const db = test.database.db;
  const olga = await signIn(test, 'Olga Owner');
  const ed = await signIn(test, 'Ed Editor');
  const mallory = await signIn(test, 'Mallory');
  const team = await insertTeam(db, olga.user.id);
  await insertMember(db, team.id, ed.user.id, 'developer');
  const server = await insertFakeServerRecord(test, olga.user.id, { name: 'shop-web', ip: '203.0.113.30' });
  await insertShare(db, team.id, server.id);
  const [site] = await db
    .insert(sites)
    .values({
      serverId: server.id,
      userId: olga.user.id,
      name: 'shop.example.com',
      linuxUser: 'shop',
      isolated: true,
      status: 'active',
      ...values,
    })
    .returning();
  return { olga, ed, mallory, server, site: site!, base: `/api/sites/${site!.id}` };
}
