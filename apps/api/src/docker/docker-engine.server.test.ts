import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { createSshExecutor } from '../remote/remote-executor.js';
import { createServerConnections } from '../servers/server-connection.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createDockerEngines, DOCKER_ENGINE_MESSAGES, type DockerEngines } from './docker-engine.js';

/**
 * The Docker Engine API reached over the server's SSH connection (docker-engine.ts) on a booted
 * test server (the `web` image: docker.io installed, its daemon off until the test starts it).
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'dke';

describe('the Docker engine over SSH on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let serverId: number;
  let engines: DockerEngines;

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    ({ test, serverId } = await createConnectedTestApp(pglite!, testServer));
    engines = createDockerEngines({
      executor: createSshExecutor(),
      connections: createServerConnections(test.database.db, test.panel.secretBox),
    });
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  const onServer = async (script: string) =>
    (await runOnTestServer(testServer, ['bash', '-c', script])).stdout.trim();

  it('says the daemon is not running while it is stopped', async () => {
    await expect(engines.open(serverId)).rejects.toThrow(DOCKER_ENGINE_MESSAGES.notRunning);
  });

  it('answers the Engine API through dial-stdio once the daemon runs, with no TCP port opened', async () => {
    await onServer('systemctl start docker.service');
    const { version, listening } = await engines.with(serverId, async (docker) => ({
      version: await docker.version(),
      listening: await Promise.all([docker.listImages(), docker.listVolumes(), docker.listNetworks()]),
    }));
    expect(version.ApiVersion).toMatch(/^1\.\d+$/);
    expect(listening[2].map((network) => network.Name)).toContain('bridge');
    // Only the Unix socket: nothing of Docker's listens on the network.
    expect(await onServer('ss -Htlnp | grep -c dockerd || true')).toBe('0');
  });

  it('serves several requests at once, each over its own channel of one session', async () => {
    const names = await engines.with(serverId, (docker) =>
      Promise.all(Array.from({ length: 6 }, () => docker.info().then((info) => info.Name as string))),
    );
    expect(new Set(names)).toEqual(new Set([SERVER]));
  });

  it('says Docker is not installed where its command is missing', async () => {
    await onServer('systemctl stop docker.service docker.socket; mv /usr/bin/docker /usr/bin/docker.off');
    try {
      await expect(engines.open(serverId)).rejects.toThrow(DOCKER_ENGINE_MESSAGES.notInstalled);
    } finally {
      await onServer('mv /usr/bin/docker.off /usr/bin/docker');
    }
  });
});
