import { eq } from '../../testing/sql.js';
import type { Database } from '../../database/database.js';
import { backupConfigs, backupDrives, databases, schedules, servers, sites } from '../../database/schema.js';
import { insertServer } from '../../policy/testing/policy-fixtures.js';
import { generateSshKeyPair } from '../../remote/ssh-keys.js';
import { SECRET_PURPOSE } from '../../servers/server-connection.js';
import type { TestApp } from '../../testing/test-app.js';

/**
 * A connected-looking server of `userId` (a panel key pair, nothing to reach) with one site, one
 * database, one schedule and one backup config on a drive of the owner: what a transfer moves.
 */
export async function insertTransferableServer(test: TestApp, userId: number, name = 'web-1') {
  const db: Database = test.database.db;
  const server = await insertServer(db, userId, { name });
  const pair = generateSshKeyPair(`hostdeck-server-${server.id}`);
  await db
    .update(servers)
    .set({
      publicKey: pair.publicKey,
      sealedPrivateKey: test.panel.secretBox.seal(pair.privateKey, SECRET_PURPOSE.privateKey),
    })
    .where(eq(servers.id, server.id));
  const [site] = await db
    .insert(sites)
    .values({
      serverId: server.id,
      userId,
      name: `${name}.example.test`,
      linuxUser: 'hostdeck',
      status: 'active',
    })
    .returning();
  await db.insert(databases).values({ serverId: server.id, siteId: site!.id, type: 'mysql', name: 'shop' });
  await db
    .insert(schedules)
    .values({ serverId: server.id, linuxUser: 'hostdeck', command: 'true', expression: '@daily' });
  const [drive] = await db
    .insert(backupDrives)
    .values({ userId, name: `drive-${server.id}`, kind: 'local', settings: { path: '/backups' } })
    .returning();
  await db.insert(backupConfigs).values({
    serverId: server.id,
    driveId: drive!.id,
    cycle: { daily: 7, weekly: 4, monthly: 3 },
    sealedRepositoryPassword: 'sealed',
  });
  return { server: { ...server, publicKey: pair.publicKey }, site: site!, drive: drive! };
}
