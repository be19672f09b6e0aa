import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFilesTestAgent, TEST_SERVER_ID } from '@hostdeck/agent/testing/agent-test-support.js';
import { requireOrSkip } from '../../../../tools/testing/require-or-skip.js';
import { createAgentSigner } from '../agent/agent-keys.js';
import { dumpDownloadUrl, dumpPath, DumpPathError } from './dump-download.js';

/**
 * The dump download link against the real agent (its server, token verifier, link check, workers
 * and file API, started in this process as root, as on a server), signed by the panel's real
 * signer with the key the agent was given.
 */
const asRoot = requireOrSkip(process.getuid?.() === 0, 'the agent serves root downloads through its worker');
let test: Awaited<ReturnType<typeof startFilesTestAgent>>;
let folder: string;
let signer: ReturnType<typeof createAgentSigner>;
const content = randomBytes(6 * 2 ** 20 + 17);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const FILE = 'shop--20261127T150000Z.sql.gz';

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-dumps-'));
  mkdirSync(path.join(folder, 'mariadb'));
  writeFileSync(path.join(folder, 'mariadb', FILE), content);
  writeFileSync(path.join(folder, 'mariadb', 'other--20261127T150000Z.sql.gz'), 'another dump');
  writeFileSync(path.join(folder, 'secret.txt'), 'outside the engine folder');
  test = await startFilesTestAgent();
  signer = createAgentSigner(test.keys.privateKey, test.keys.publicKeyPem);
});
afterAll(async () => {
  await test?.agent.close();
  rmSync(folder, { recursive: true, force: true });
});

const linkFor = (file: string, extra: { now?: number } = {}) =>
  dumpDownloadUrl({
    signer,
    server: { id: TEST_SERVER_ID, ip: '127.0.0.1' },
    path: dumpPath('mariadb', file, folder),
    endpoint: test.url,
    folder,
    ...extra,
  });

describe.runIf(asRoot)('dump download links through the agent', () => {
  it('downloads the dump once, whole and streamed; the same link then answers 401', async () => {
    const url = linkFor(FILE);
    expect(new URL(url).searchParams.get('root')).toBe(path.join(folder, 'mariadb'));
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-length')).toBe(String(content.length));
    expect(first.headers.get('content-disposition')).toContain(FILE);
    expect(sha(new Uint8Array(await first.arrayBuffer()))).toBe(sha(content));
    const second = await fetch(url);
    expect(second.status).toBe(401);
  });

  it('is bound to its one file, its folder and its minute', async () => {
    const url = new URL(linkFor(FILE));
    // Another dump of the same folder, with this file's token.
    url.searchParams.set('path', path.join(folder, 'mariadb', 'other--20261127T150000Z.sql.gz'));
    expect((await fetch(url)).status).toBe(403);
    // A root above the engine folder.
    const wider = new URL(linkFor(FILE));
    wider.searchParams.set('root', folder);
    expect((await fetch(wider)).status).toBe(403);
    // Signed an hour ago: expired.
    const old = await fetch(linkFor(FILE, { now: Math.floor(Date.now() / 1000) - 3600 }));
    expect(old.status).toBe(401);
    // A write with a download token.
    const write = await fetch(`${test.url}/files/delete`, {
      method: 'POST',
      headers: {
        'X-HostDeck': new URL(linkFor(FILE)).searchParams.get('token')!,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ path: dumpPath('mariadb', FILE, folder) }),
    });
    expect(write.status).toBe(403);
  });

  it('signs nothing for a path that is not exactly a dump of an engine folder', () => {
    for (const bad of [
      path.join(folder, 'secret.txt'),
      path.join(folder, 'mariadb', '..', 'secret.txt'),
      path.join(folder, 'mariadb', 'sub', FILE),
      `${folder}/mariadb/../mariadb/${FILE}`,
      `${folder}/redis/${FILE}`,
      `${folder}/mariadb/notes.txt`,
      `/etc/${FILE}`,
      `${folder}/mariadb/-rf--20261127T150000Z.sql.gz`,
    ]) {
      expect(
        () => dumpDownloadUrl({ signer, server: { id: TEST_SERVER_ID, ip: '127.0.0.1' }, path: bad, folder }),
        bad,
      ).toThrow(DumpPathError);
    }
    expect(() => dumpPath('mariadb', '../secret.txt', folder)).toThrow(DumpPathError);
    // By default: the agent by IP, the recipe's folder.
    const url = new URL(
      dumpDownloadUrl({
        signer,
        server: { id: 3, ip: '2001:db8::5' },
        path: `/var/backups/hostdeck/databases/postgresql/shop--20261127T150000Z.dump`,
      }),
    );
    expect(url.origin).toBe('http://[2001:db8::5]:2022');
    expect(url.pathname).toBe('/files/download');
    expect(url.searchParams.get('root')).toBe('/var/backups/hostdeck/databases/postgresql');
    const payload = signer.open(url.searchParams.get('token')!)!;
    expect(payload).toMatchObject({
      server: 3,
      user: 'root',
      root: '/var/backups/hostdeck/databases/postgresql',
      ops: ['files:download'],
      path: '/var/backups/hostdeck/databases/postgresql/shop--20261127T150000Z.dump',
    });
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
  });
});
