import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedEventResponseSchema } from '@hostdeck/contracts';
import { dockerRoutes } from '@hostdeck/contracts/docker';
import { buildDockerImageTarball } from '../../../../tools/testing/docker-image-tarball.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * Docker's images, volumes, networks and daemon settings on a booted test server (the `web`
 * image: docker.io, daemon started by the test; containers can be created, not started), through
 * the API and the queue, each change checked with the docker CLI and the files on the server.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'dka';

describe('docker images, volumes, networks and settings on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let base: string;

  const tagged = buildDockerImageTarball({ tags: ['hostdeck-test:1'], content: 'one\n' });
  const other = buildDockerImageTarball({ tags: ['hostdeck-test:2'], content: 'two\n' });
  const untagged = buildDockerImageTarball({ tags: [], content: 'dangling\n' });

  const onServer = async (script: string, input?: Buffer) => {
    const result = await runOnTestServer(testServer, ['bash', '-c', script], input ? { input } : {});
    return result.stdout.trim();
  };

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    let serverId: number;
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, { workers: true }));
    base = `/api/servers/${serverId}/docker`;
    await onServer('systemctl start docker.service');
    for (const image of [tagged, other, untagged]) {
      await onServer(
        'cat > /tmp/image.tar && docker load -i /tmp/image.tar && rm /tmp/image.tar',
        image.tarball,
      );
    }
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  const get = async <T>(path: string, schema: { parse(value: unknown): T }): Promise<T> => {
    const response = await api.get(`${base}${path}`);
    expect(response.statusCode, response.body).toBe(200);
    return schema.parse(response.json());
  };

  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const { id } = startedEventResponseSchema.parse(response.json()).data;
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  };

  const images = () => get('/images', dockerRoutes.images.response).then((list) => list.data);
  const volumes = () => get('/volumes', dockerRoutes.volumes.response).then((list) => list.data);
  const networks = () => get('/networks', dockerRoutes.networks.response).then((list) => list.data);
  const imageIds = async () =>
    (await onServer('docker image ls -a -q --no-trunc')).split('\n').filter(Boolean);

  it('lists the images loaded from tarballs the test made, with unused and dangling', async () => {
    expect(await imageIds()).toEqual(
      expect.arrayContaining([tagged.imageId, other.imageId, untagged.imageId]),
    );
    await onServer('docker create --name keep -v used:/data hostdeck-test:1');
    const list = await images();
    expect(list.find((image) => image.id === tagged.imageId)).toMatchObject({
      tags: ['hostdeck-test:1'],
      containers: 1,
      unused: false,
      dangling: false,
    });
    expect(list.find((image) => image.id === other.imageId)).toMatchObject({ unused: true, dangling: false });
    expect(list.find((image) => image.id === untagged.imageId)).toMatchObject({ tags: [], dangling: true });
    expect(list.every((image) => image.size >= 0)).toBe(true);
  });

  it('inspects an image by id and by reference', async () => {
    const byId = await get(`/images/${encodeURIComponent(tagged.imageId)}`, dockerRoutes.image.response);
    expect(byId.data.Id).toBe(tagged.imageId);
    const byRef = await get(`/images/${encodeURIComponent('hostdeck-test:1')}`, dockerRoutes.image.response);
    expect(byRef.data.Id).toBe(tagged.imageId);
    expect((await api.get(`${base}/images/${encodeURIComponent('hostdeck-none:9')}`)).statusCode).toBe(404);
  });

  it('previews then prunes the dangling image only', async () => {
    const preview = await get('/prune/images', dockerRoutes.imagesPrunePreview.response);
    expect(preview.data.map((image) => image.id)).toEqual([untagged.imageId]);
    const event = await runEvent(api.post(`${base}/prune/images`, { all: false }));
    expect(event.status, event.output).toBe('FINISHED');
    const ids = await imageIds();
    expect(ids).not.toContain(untagged.imageId);
    expect(ids).toEqual(expect.arrayContaining([tagged.imageId, other.imageId]));
  });

  it('deletes an image', async () => {
    const event = await runEvent(api.delete(`${base}/images/${encodeURIComponent(other.imageId)}`));
    expect(event.status, event.output).toBe('FINISHED');
    expect(await imageIds()).not.toContain(other.imageId);
    expect(await imageIds()).toContain(tagged.imageId);
  });

  it('creates and clones a volume, the data copied between the mountpoints Docker reports', async () => {
    expect((await runEvent(api.post(`${base}/volumes`, { name: 'src' }))).status).toBe('FINISHED');
    expect(await onServer('docker volume ls -q')).toMatch(/^src$/m);
    await onServer(
      'dir=$(docker volume inspect --format "{{.Mountpoint}}" src) && printf "kept\\n" > "$dir/file" && chmod 0640 "$dir/file" && chown 1000:1000 "$dir/file"',
    );
    const event = await runEvent(api.post(`${base}/volumes/src/clone`, { name: 'copy' }));
    expect(event.status, event.output).toBe('FINISHED');
    expect(
      await onServer(
        'dir=$(docker volume inspect --format "{{.Mountpoint}}" copy) && stat -c "%a %u" "$dir/file" && cat "$dir/file"',
      ),
    ).toBe('640 1000\nkept');
    // A clone onto an existing volume is refused, the data left alone.
    const again = await runEvent(api.post(`${base}/volumes/src/clone`, { name: 'copy' }));
    expect(again.status).toBe('ERROR');
    expect(again.output).toContain('already exists');
  });

  it('lists volumes with their size and the containers using each', async () => {
    const list = await volumes();
    expect(list.find((volume) => volume.name === 'used')).toMatchObject({
      containers: ['keep'],
      anonymous: false,
    });
    expect(list.find((volume) => volume.name === 'copy')).toMatchObject({ containers: [] });
    expect(list.find((volume) => volume.name === 'copy')!.size).toBeGreaterThan(0);
  });

  it('refuses to delete a volume in use, and deletes one that is not', async () => {
    const refused = await runEvent(api.delete(`${base}/volumes/used`));
    expect(refused.status).toBe('ERROR');
    expect(await onServer('docker volume ls -q')).toMatch(/^used$/m);
    const deleted = await runEvent(api.delete(`${base}/volumes/copy`));
    expect(deleted.status, deleted.output).toBe('FINISHED');
    expect(await onServer('docker volume ls -q')).not.toMatch(/^copy$/m);
  });

  it('prunes volumes: the preview names the unused ones, and a volume a created container uses stays', async () => {
    await onServer('docker volume create spare >/dev/null');
    const preview = await get('/prune/volumes', dockerRoutes.volumesPrunePreview.response);
    expect(preview.data.map((volume) => volume.name).sort()).toEqual(['spare', 'src']);
    const event = await runEvent(api.post(`${base}/prune/volumes`));
    expect(event.status, event.output).toBe('FINISHED');
    expect((await onServer('docker volume ls -q')).split('\n')).toEqual(['used']);
    expect(await onServer('docker ps -a --format "{{.Names}} {{.State}}"')).toBe('keep created');
  });

  it('creates, lists, prunes and deletes networks, keeping one a created container is attached to', async () => {
    expect((await runEvent(api.post(`${base}/networks`, { name: 'hd-a' }))).status).toBe('FINISHED');
    expect((await runEvent(api.post(`${base}/networks`, { name: 'hd-b' }))).status).toBe('FINISHED');
    await onServer('docker create --name attached --network hd-b hostdeck-test:1 >/dev/null');
    const list = await networks();
    expect(list.map((network) => network.name)).toEqual(expect.arrayContaining(['bridge', 'hd-a', 'hd-b']));
    expect(list.find((network) => network.name === 'hd-b')!.containers).toEqual(['attached']);
    expect(list.find((network) => network.name === 'bridge')!.builtin).toBe(true);

    const preview = await get('/prune/networks', dockerRoutes.networksPrunePreview.response);
    expect(preview.data.map((network) => network.name)).toEqual(['hd-a']);
    expect((await runEvent(api.post(`${base}/prune/networks`))).status).toBe('FINISHED');
    const names = await onServer('docker network ls --format "{{.Name}}"');
    expect(names).not.toMatch(/^hd-a$/m);
    expect(names).toMatch(/^hd-b$/m);

    expect((await runEvent(api.delete(`${base}/networks/hd-b`))).status).toBe('ERROR');
    await onServer('docker rm attached >/dev/null');
    expect((await runEvent(api.delete(`${base}/networks/hd-b`))).status).toBe('FINISHED');
    expect(await onServer('docker network ls --format "{{.Name}}"')).not.toMatch(/^hd-b$/m);
  });

  it('refuses hostile names before anything is queued', async () => {
    const before = (await test.database.db.select().from(events)).length;
    for (const name of ['-rf', '--help', 'a;id', 'a\nb', '../x', '$(id)']) {
      expect((await api.post(`${base}/volumes`, { name })).statusCode).toBe(422);
      expect((await api.post(`${base}/networks`, { name })).statusCode).toBe(422);
      expect((await api.post(`${base}/volumes/used/clone`, { name })).statusCode).toBe(422);
      expect((await api.delete(`${base}/volumes/${encodeURIComponent(name)}`)).statusCode).not.toBe(201);
      expect((await api.delete(`${base}/images/${encodeURIComponent(name)}`)).statusCode).not.toBe(201);
    }
    expect((await api.put(`${base}/settings`, { max_size: '10m;id', max_file: 3 })).statusCode).toBe(422);
    expect((await test.database.db.select().from(events)).length).toBe(before);
  });

  it('merges log rotation into daemon.json, keeping the keys written before, for new containers', async () => {
    await onServer(
      `printf '%s' '{"labels": ["hostdeck-test=kept"], "log-opts": {"mode": "non-blocking"}}' > /etc/docker/daemon.json && systemctl restart docker.service`,
    );
    const event = await runEvent(api.put(`${base}/settings`, { max_size: '10m', max_file: 3 }));
    expect(event.status, event.output).toBe('FINISHED');
    const merged = JSON.parse(await onServer('cat /etc/docker/daemon.json')) as Record<string, unknown>;
    expect(merged).toEqual({
      labels: ['hostdeck-test=kept'],
      'log-driver': 'json-file',
      'log-opts': { mode: 'non-blocking', 'max-size': '10m', 'max-file': '3' },
    });
    expect(await onServer('systemctl is-active docker.service')).toBe('active');
    expect(await onServer('docker info --format "{{json .Labels}}"')).toContain('hostdeck-test=kept');
    expect(
      JSON.parse(
        await onServer(
          'docker create --name fresh hostdeck-test:1 >/dev/null && docker inspect --format "{{json .HostConfig.LogConfig}}" fresh',
        ),
      ),
    ).toEqual({ Type: 'json-file', Config: { mode: 'non-blocking', 'max-size': '10m', 'max-file': '3' } });
    const settings = await get('/settings', dockerRoutes.settings.response);
    expect(settings.data).toEqual({ log_driver: 'json-file', max_size: '10m', max_file: 3 });
  });

  it('puts the previous daemon.json back when Docker does not start with the merged one', async () => {
    // `hosts` conflicts with the unit's own `-H fd://`: dockerd refuses to start with either file.
    const broken = '{"hosts": ["unix:///var/run/docker.sock"]}';
    await onServer(`printf '%s' '${broken}' > /etc/docker/daemon.json`);
    const event = await runEvent(api.put(`${base}/settings`, { max_size: '20m', max_file: 5 }));
    expect(event.status).toBe('ERROR');
    expect(event.output).toContain('previous');
    expect(await onServer('cat /etc/docker/daemon.json')).toBe(broken);
    await onServer(
      'rm /etc/docker/daemon.json && systemctl reset-failed docker.service; systemctl restart docker.service',
    );
  });
});
