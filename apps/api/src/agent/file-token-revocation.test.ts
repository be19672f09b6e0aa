import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAgent } from '@hostdeck/agent/testing/agent-test-support.js';
import { agentTokenResponseSchema, type AgentTokenResponse } from '@hostdeck/contracts';
import { insertServer, insertShare, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import { opsTeamScene } from '../teams/testing/teams.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { loadOrCreateAgentKeys } from './agent-keys.js';

/**
 * Issue 22 point 3: a member removed from a team loses their file token at once. The panel (built
 * as main.ts builds it) and a real agent in this process, given the panel's key: the member's
 * token reaches the agent directly, as the browser's does, until the owner removes them; from then
 * the agent answers 401 for it, while the owner's own token still works.
 */
const SERVER_ADDRESS = '127.0.0.1';

/** A port nothing listens on now: the panel is told it before the agent can start there. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, SERVER_ADDRESS, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let testApp: TestApp;
let dataDir: string;
let agentPort: number;
let agent: Awaited<ReturnType<typeof startTestAgent>> | undefined;

beforeAll(async () => {
  const [pglite] = await availableTestDatabases();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-revoke-'));
  agentPort = await freePort();
  testApp = await createTestApp(pglite!, { env: { DATA_DIR: dataDir }, agentPort });
});
afterAll(async () => {
  await agent?.agent.close();
  await testApp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The agent's file list with a token, as the browser calls the public endpoint. */
const listWith = (token: AgentTokenResponse) =>
  fetch(`http://${SERVER_ADDRESS}:${agentPort}/files/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-HostDeck': token.token },
    body: JSON.stringify({ path: '/' }),
  });

async function statusWithin(token: AgentTokenResponse, expected: number, ms = 5000): Promise<number> {
  const until = Date.now() + ms;
  let status = (await listWith(token)).status;
  while (status !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = (await listWith(token)).status;
  }
  return status;
}

describe('file tokens of a member who loses access', () => {
  it('are refused by the agent once the member is removed from the team; the owner’s still work', async () => {
    const { olga, ed, team } = await opsTeamScene(testApp);
    const db = testApp.database.db;
    const server = await insertServer(db, olga.user.id, { name: 'shop-web', ip: SERVER_ADDRESS });
    await insertShare(db, team.id, server.id);
    // The agent as the install_agent event configures it: this panel's key, this server's id.
    const signer = loadOrCreateAgentKeys(dataDir, testApp.panel.secretBox);
    agent = await startTestAgent(
      { panelPublicKey: signer.publicKeyPem, serverId: server.id },
      { port: agentPort },
    );

    const tokenFor = async (member: SignedInUser) => {
      const response = await member.api.post('/api/servers/agent/token', { server: server.id });
      expect(response.statusCode).toBe(200);
      return agentTokenResponseSchema.parse(response.json());
    };
    const edsToken = await tokenFor(ed);
    const olgasToken = await tokenFor(olga);
    expect((await listWith(edsToken)).status).toBe(200);
    expect((await listWith(olgasToken)).status).toBe(200);

    expect((await olga.api.delete(`/api/teams/${team.id}/members/${ed.user.id}`)).statusCode).toBe(204);

    expect(await statusWithin(edsToken, 401)).toBe(401);
    const refused = await listWith(edsToken);
    expect(await refused.json()).toEqual({ message: 'The token was revoked' });
    expect((await listWith(olgasToken)).status).toBe(200);
    // Ed cannot get another one either.
    expect((await ed.api.post('/api/servers/agent/token', { server: server.id })).statusCode).toBe(404);
  });
});
