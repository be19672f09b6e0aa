import { expect, type Page } from '@playwright/test';
import type { ConnectServerRequest } from '@hostdeck/contracts';
import type { TestServer } from '../../tools/test-server/index';
import { apiCall } from './accounts';

/**
 * Connects a booted test server through the API with its root password and waits until its
 * provisioning (a real run of the recipe) has installed it. For the tests whose subject is what
 * comes after provisioning; the connect form itself is covered by servers.spec.ts.
 */
export async function connectInstalledServer(
  page: Page,
  server: TestServer,
  provision: ConnectServerRequest['provision'],
  name = 'web-1',
): Promise<number> {
  const response = await apiCall(page, 'POST', '/api/servers', {
    name,
    ip: server.address,
    port: server.port,
    method: 'password',
    password: server.password,
    provision,
  });
  const { data } = (await response.json()) as { data: { id: number } };
  await expect
    .poll(
      async () => {
        const detail = await page.request.get(`/api/servers/${data.id}`);
        const body = (await detail.json()) as { data: { installed: boolean; status: string } };
        if (body.data.status === 'ERROR' || body.data.status === 'FAILED') {
          throw new Error(`provisioning failed: ${body.data.status}`);
        }
        return body.data.installed;
      },
      { timeout: 15 * 60_000, intervals: [2000] },
    )
    .toBe(true);
  return data.id;
}

/**
 * Waits for the agent that provisioning installs to answer (the server row reports its version),
 * then checks it is the panel's current one (app info's `agent_version`). Returns that version.
 */
export async function waitForCurrentAgent(page: Page, serverId: number): Promise<number> {
  const info = (await (await page.request.get('/api/info')).json()) as { agent_version: number };
  let installed: number | null = null;
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/servers/${serverId}`)).json()) as {
          data: { agent_version: number | null };
        };
        installed = body.data.agent_version;
        return installed !== null;
      },
      { timeout: 10 * 60_000, intervals: [2000], message: 'agent installed' },
    )
    .toBe(true);
  expect(installed, 'the installed agent is the current one').toBe(info.agent_version);
  return info.agent_version;
}
