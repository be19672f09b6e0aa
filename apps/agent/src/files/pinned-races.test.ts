import {
  chown,
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { list as listTar } from 'tar';
import yauzl from 'yauzl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { raceWindow } from './descriptors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { buildZip } from '../../../../tools/testing/archives.js';
import { listTree, startFileServer, type FileTestServer } from './testing/file-server.js';

/**
 * Issue 25, finding 1, made deterministic: every file call meets a folder or file swapped for a link
 * to outside the root at the exact moment between its check and its use (the race window the old
 * path-based code left open), through descriptors.ts's test hook. Nothing outside may be read or
 * written, whatever the call answers. The same race, run for real against a swapping process as a
 * site user on a booted server, is races.server.test.ts.
 */

const SITE_UID = 65534;
let server: FileTestServer;
let root: string;
let outside: string;
let before: string[];

beforeEach(async () => {
  server = await startFileServer();
  ({ root, outside } = server);
  await writeFile(path.join(outside, 'secret.txt'), 'OUTSIDE-SECRET');
  await mkdir(path.join(outside, 'sub'));
  await writeFile(path.join(outside, 'sub/secret.txt'), 'OUTSIDE-SECRET');
  before = await server.outsideSnapshot();
});

afterEach(async () => {
  // Every swap a test armed happened: the call did reach the window it aims at.
  const armed = raceWindow.hook;
  raceWindow.hook = null;
  try {
    expect(armed).toBeNull();
    expect(await server.outsideSnapshot()).toEqual(before);
    expect((await stat(path.join(outside, 'secret.txt'))).uid).toBe(0);
    expect(await openDescriptorsUnder(server.base)).toEqual([]);
  } finally {
    await server.close();
  }
});

/** Descriptors of this process still open on the test tree: a call must close all it opened. */
async function openDescriptorsUnder(folder: string): Promise<string[]> {
  const open: string[] = [];
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (target.startsWith(folder)) open.push(target);
  }
  return open;
}

/** Once, when the call reaches `name`: `name` in `folder` is renamed away and a link to `linkTarget` put in its place. */
function swapAt(point: 'pinned' | 'walked', name: string, folder: string, linkTarget: string) {
  raceWindow.hook = async (reached, reachedName) => {
    if (reached !== point || reachedName !== name) return;
    raceWindow.hook = null;
    await rename(path.join(folder, name), path.join(folder, `${name}-real`));
    await symlink(linkTarget, path.join(folder, name));
  };
}

/** Every regular file under the root holding `text` (none may hold what lies outside). */
async function filesHolding(text: string, folder = root): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await filesHolding(text, full)));
    else if (entry.isFile() && (await readFile(full)).includes(text)) found.push(full);
  }
  return found;
}

async function zipNames(file: string): Promise<string[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const names: string[] = [];
  for await (const entry of zip.eachEntry()) names.push(entry.fileName);
  zip.close();
  return names;
}

describe('a folder swapped for a link right after it was checked', () => {
  beforeEach(async () => {
    await mkdir(path.join(root, 'src/sub'), { recursive: true });
    await writeFile(path.join(root, 'src/sub/inner.txt'), 'inner');
    await mkdir(path.join(root, 'dest'));
  });

  it('copy copies the folder it pinned', async () => {
    swapAt('walked', 'sub', path.join(root, 'src'), path.join(outside));
    const copied = await server.send('POST', 'copy', {
      root,
      path: `${root}/src`,
      destination: `${root}/dest`,
    });
    expect(copied.status).toBe(200);
    expect(await readFile(path.join(root, 'dest/src/sub/inner.txt'), 'utf8')).toBe('inner');
    expect(await filesHolding('OUTSIDE-SECRET')).toEqual([]);
  });

  it('compress archives the folder it pinned, as zip and as tar', async () => {
    for (const type of ['zip', 'tar'] as const) {
      swapAt('walked', 'sub', path.join(root, 'src'), outside);
      const name = `a.${type}`;
      const answer = await server.send('POST', 'compress', {
        root,
        path: [`${root}/src`],
        level: 0,
        type,
        name,
      });
      expect(answer.status).toBe(200);
      const names: string[] = [];
      if (type === 'zip') names.push(...(await zipNames(path.join(root, name))));
      else await listTar({ file: path.join(root, name), onReadEntry: (entry) => names.push(entry.path) });
      expect(names.sort()).toEqual(['src/', 'src/sub/', 'src/sub/inner.txt']);
      expect(await filesHolding('OUTSIDE-SECRET')).toEqual([]);
      // Back as it was for the next type.
      await rm(path.join(root, 'src/sub'));
      await rename(path.join(root, 'src/sub-real'), path.join(root, 'src/sub'));
    }
  });

  it('delete removes what it pinned and the link put in its place, never what the link names', async () => {
    swapAt('walked', 'sub', path.join(root, 'src'), path.join(outside, 'sub'));
    const deleted = await server.send('DELETE', 'delete', { root, path: [`${root}/src`] });
    expect(deleted.status).toBe(200);
    await expect(lstat(path.join(root, 'src'))).rejects.toThrow();
  });

  it('extract merges into the folder it pinned, never into the link', async () => {
    await mkdir(path.join(root, 'x/sub'), { recursive: true });
    await writeFile(
      path.join(root, 'x/arch.zip'),
      await buildZip([
        { name: 'sub/', directory: true },
        { name: 'sub/evil.txt', content: 'evil' },
      ]),
    );
    raceWindow.hook = async (point, name) => {
      if (point !== 'walked' || name !== 'sub') return;
      raceWindow.hook = null;
      await rename(path.join(root, 'x/sub'), path.join(root, 'x/sub-real'));
      await symlink(outside, path.join(root, 'x/sub'));
    };
    const extracted = await server.send('POST', 'decompress', { root, path: `${root}/x/arch.zip` });
    // A clash (409) or a merge into the pinned folder: either way nothing reaches the link's target.
    expect([200, 409]).toContain(extracted.status);
    await expect(lstat(path.join(outside, 'evil.txt'))).rejects.toThrow();
  });

  it('move renames into the destination it pinned', async () => {
    await writeFile(path.join(root, 'moving.txt'), 'moving');
    swapAt('pinned', 'dest', root, outside);
    const moved = await server.send('POST', 'move', {
      root,
      path: `${root}/moving.txt`,
      destination: `${root}/dest`,
    });
    expect(moved.status).toBe(200);
    expect(await readFile(path.join(root, 'dest-real/moving.txt'), 'utf8')).toBe('moving');
  });

  it('save and upload write into the folder they pinned', async () => {
    swapAt('pinned', 'dest', root, outside);
    const form = new FormData();
    form.set('root', root);
    form.set('path', `${root}/dest/saved.txt`);
    form.set('new', 'true');
    form.set('file', 'saved');
    expect((await fetch(`${server.url}/files/save`, { method: 'POST', body: form })).status).toBe(200);
    expect(await readFile(path.join(root, 'dest-real/saved.txt'), 'utf8')).toBe('saved');
    swapAt('pinned', 'src', root, outside);
    const upload = new FormData();
    upload.set('root', root);
    upload.set('path', `${root}/src`);
    upload.set('file', new Blob(['uploaded']), 'up.txt');
    expect((await fetch(`${server.url}/files/upload`, { method: 'POST', body: upload })).status).toBe(200);
    expect(await readFile(path.join(root, 'src-real/up.txt'), 'utf8')).toBe('uploaded');
  });

  it('list lists the folder it pinned', async () => {
    swapAt('pinned', 'sub', path.join(root, 'src'), outside);
    const listed = await server.send('POST', 'list', { root, path: `${root}/src/sub` });
    expect(listed.status).toBe(200);
    expect((listed.body.files as { name: string }[]).map((item) => item.name)).toEqual(['inner.txt']);
  });
});

describe('a file swapped for a link right after it was checked', () => {
  beforeEach(async () => {
    await mkdir(path.join(root, 'site'));
    await writeFile(path.join(root, 'site/file'), 'mine');
    await chown(path.join(root, 'site'), SITE_UID, SITE_UID);
  });

  it('chmod and chown change the file they pinned', async () => {
    const secretMode = (await stat(path.join(outside, 'secret.txt'))).mode;
    swapAt('pinned', 'file', path.join(root, 'site'), path.join(outside, 'secret.txt'));
    expect(
      (await server.send('POST', 'chmod', { root, path: `${root}/site/file`, mode: '777' })).status,
    ).toBe(200);
    expect((await stat(path.join(root, 'site/file-real'))).mode & 0o777).toBe(0o777);
    expect((await stat(path.join(outside, 'secret.txt'))).mode).toBe(secretMode);
    await rename(path.join(root, 'site/file-real'), path.join(root, 'site/other'));
    swapAt('pinned', 'other', path.join(root, 'site'), path.join(outside, 'secret.txt'));
    const owner = await server.send('POST', 'chown', { root, path: `${root}/site/other`, owner: 'nobody' });
    expect(owner.status).toBe(200);
    expect((await stat(path.join(root, 'site/other-real'))).uid).toBe(SITE_UID);
  });

  it("follows a link in a folder it just made only as far as the folder's new owner could", async () => {
    await mkdir(path.join(root, 'private'));
    // Right after root made site/t (and before anything else), the site's user plants t/sub.
    raceWindow.hook = async (point, name) => {
      if (point !== 'pinned' || name !== 't') return;
      raceWindow.hook = null;
      await symlink(path.join(root, 'private'), path.join(root, 'site/t/sub'));
    };
    const form = new FormData();
    form.set('root', root);
    form.set('path', `${root}/site/t/sub/keep.txt`);
    form.set('new', 'true');
    form.set('file', 'keep');
    const saved = await fetch(`${server.url}/files/save`, { method: 'POST', body: form });
    expect(saved.status).toBe(403);
    expect(((await saved.json()) as { message: string }).message).toBe(FILE_MESSAGES.symlinkOtherOwner);
    expect(await readdir(path.join(root, 'private'))).toEqual([]);
    expect((await stat(path.join(root, 'site/t'))).uid).toBe(SITE_UID);
  });

  it('view and download read the file they pinned', async () => {
    swapAt('pinned', 'file', path.join(root, 'site'), path.join(outside, 'secret.txt'));
    expect(await (await server.get('view', { root, path: `${root}/site/file` })).text()).toBe('mine');
    await rename(path.join(root, 'site/file-real'), path.join(root, 'site/again'));
    swapAt('pinned', 'again', path.join(root, 'site'), path.join(outside, 'secret.txt'));
    expect(await (await server.get('download', { root, path: `${root}/site/again` })).text()).toBe('mine');
  });

  it('mkdir gives its owner to the folder it made, never to a link put in its place', async () => {
    swapAt('pinned', 'made', path.join(root, 'site'), path.join(outside, 'secret.txt'));
    const made = await server.send('POST', 'mkdir', { root, path: `${root}/site`, name: 'made' });
    expect(made.status).toBe(200);
    expect((await stat(path.join(root, 'site/made-real'))).uid).toBe(SITE_UID);
  });
});

describe('hard links (docs/agent-file-safety.md)', () => {
  it("refuses to change or copy another owner's file linked into a site's folder; the site's own links are fine", async () => {
    await mkdir(path.join(root, 'site'));
    await chown(path.join(root, 'site'), SITE_UID, SITE_UID);
    await link(path.join(outside, 'secret.txt'), path.join(root, 'site/shadow'));
    await writeFile(path.join(root, 'site/own'), 'own');
    await chown(path.join(root, 'site/own'), SITE_UID, SITE_UID);
    await link(path.join(root, 'site/own'), path.join(root, 'site/own-too'));
    await mkdir(path.join(root, 'dest'));
    const refusals: [string, Record<string, unknown>][] = [
      ['chmod', { root, path: `${root}/site/shadow`, mode: '666' }],
      ['chown', { root, path: `${root}/site/shadow`, owner: 'nobody' }],
      ['copy', { root, path: `${root}/site/shadow`, destination: root }],
      ['copy', { root, path: `${root}/site`, destination: `${root}/dest` }],
      ['compress', { root, path: [`${root}/site`], name: 'site.zip' }],
    ];
    for (const [call, body] of refusals) {
      const answer = await server.send('POST', call, body);
      expect({ call, status: answer.status, message: answer.body.message }).toEqual({
        call,
        status: 409,
        message: FILE_MESSAGES.hardLinked,
      });
    }
    expect((await server.send('POST', 'chmod', { root, path: `${root}/site/own`, mode: '640' })).status).toBe(
      200,
    );
    // chown of a file with other names: only to the owner it already has.
    expect(
      (await server.send('POST', 'chown', { root, path: `${root}/site/own`, owner: 'root' })).status,
    ).toBe(409);
    expect((await listTree(root)).some((entry) => entry.startsWith('site.zip'))).toBe(false);
    expect((await stat(path.join(outside, 'secret.txt'))).mode & 0o777).toBe(0o644);
  });
});
