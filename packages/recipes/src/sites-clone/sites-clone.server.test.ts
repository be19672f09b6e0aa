import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  type RemoteSession,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';

/**
 * The two halves of cloning a site's files (apps/api/src/sites/site-clone-task.ts moves the
 * chunks between two sessions), run here between two sites of one booted server.
 */
const SERVER = 'clone1';
const TOKEN = '0123456789abcdef0123456789abcdef';
const source = { site: 'old.example.test', linux_user: 'oldsite', token: TOKEN };
const target = { site: 'new.example.test', linux_user: 'newsite', token: TOKEN };

describe('site-files-export and site-files-import on a booted server', () => {
  let server: TestServer;
  let session: RemoteSession;

  beforeAll(async () => {
    server = await bootWebTestServer(SERVER);
    session = await connectToTestServer(server);
    const setup = await runOnTestServer(server, [
      'bash',
      '-c',
      `set -e
      for user in oldsite newsite; do useradd --create-home "$user"; done
      install -d -o oldsite -g oldsite /home/oldsite/old.example.test/public
      install -d -o newsite -g newsite /home/newsite/new.example.test
      head -c 300000 /dev/urandom > /home/oldsite/old.example.test/public/blob.bin
      echo hello > /home/oldsite/old.example.test/public/index.html
      ln -s /etc/shadow /home/oldsite/old.example.test/public/shadow
      chown -R -h oldsite:oldsite /home/oldsite/old.example.test
      echo secret > /home/oldsite/old.example.test/root-only && chmod 600 /home/oldsite/old.example.test/root-only
      # Issue 25: the source site's user plants links where the clone used to work (and in the
      # other shared temporary folders) to another site's home. This host has
      # fs.protected_symlinks=0, as the reviewer's had: root follows such links.
      useradd --create-home victim && chmod 0750 /home/victim
      for link in /var/tmp/hostdeck-clone /tmp/hostdeck-clone /dev/shm/hostdeck-clone; do
        runuser -u oldsite -- ln -s /home/victim "$link"
      done`,
    ]);
    expect(setup.code, setup.stderr).toBe(0);
  });

  afterAll(async () => {
    await session?.close();
    await stopTestServer(SERVER);
  });

  const onServer = async (script: string) =>
    (await runOnTestServer(server, ['bash', '-c', script])).stdout.trim();

  it('copies the files in chunks, owned by the new user, links as links, nothing the user cannot read', async () => {
    const packed = await runRecipeOnSession(session, 'site-files-export', { ...source, action: 'pack' });
    expect(packed.exitCode, packed.output).toBe(0);
    const size = Number(/size=([0-9]+)/.exec(packed.stdout)![1]);
    expect(size).toBeGreaterThan(300_000);
    const chunk = 100_000;
    for (let offset = 0; offset < size; offset += chunk) {
      const read = await runRecipeOnSession(session, 'site-files-export', {
        ...source,
        action: 'read',
        offset,
        length: Math.min(chunk, size - offset),
      });
      expect(read.exitCode, read.output.slice(-2000)).toBe(0);
      const appended = await runRecipeOnSession(session, 'site-files-import', {
        ...target,
        action: 'append',
        chunk: Buffer.from(read.stdout.trim(), 'ascii'),
      });
      expect(appended.exitCode, appended.output).toBe(0);
    }
    const extracted = await runRecipeOnSession(session, 'site-files-import', {
      ...target,
      action: 'extract',
    });
    expect(extracted.exitCode, extracted.output).toBe(0);

    expect(
      await onServer(
        'cd /home && sha256sum oldsite/old.example.test/public/blob.bin newsite/new.example.test/public/blob.bin | cut -d" " -f1 | uniq | wc -l',
      ),
    ).toBe('1');
    expect(await onServer('stat -c %U:%G /home/newsite/new.example.test/public/index.html')).toBe(
      'newsite:newsite',
    );
    expect(await onServer('readlink /home/newsite/new.example.test/public/shadow')).toBe('/etc/shadow');
    expect(await onServer('test -e /home/newsite/new.example.test/root-only && echo yes || echo no')).toBe(
      'no',
    );

    for (const [recipe, input] of [
      ['site-files-export', { ...source, action: 'clean' }],
      ['site-files-import', { ...target, action: 'clean' }],
    ] as const) {
      expect((await runRecipeOnSession(session, recipe, input)).exitCode).toBe(0);
    }
    expect(await onServer('ls -A /var/lib/hostdeck/clone')).toBe('');
    expect(await onServer('stat -c "%a %U:%G" /var/lib/hostdeck/clone /var/lib/hostdeck/tmp')).toBe(
      '700 root:root\n700 root:root',
    );
    expect(await onServer('ls -A /var/lib/hostdeck/tmp')).toBe('');
  });

  it('never follows a link planted in a shared temporary folder', async () => {
    expect(await onServer('stat -c "%a %U:%G" /home/victim')).toBe('750 victim:victim');
    expect(await onServer('ls -A /home/victim | grep -v "^\\." || true')).toBe('');
    for (const link of ['/var/tmp/hostdeck-clone', '/tmp/hostdeck-clone', '/dev/shm/hostdeck-clone']) {
      expect(await onServer(`stat -c "%U %N" ${link}`)).toBe(`oldsite '${link}' -> '/home/victim'`);
    }
  });
});
