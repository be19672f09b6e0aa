import {
  chmod,
  chown,
  lchown,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Confinement, isInside, type PinnedNode } from './confine.js';
import { raceWindow } from './descriptors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

/** The descriptor-based resolver (confine.ts): every shape of link attack, and swaps made deterministic. */

let base: string;
let root: string;
let outside: string;
let confinement: Confinement;

beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'hd-confine-'));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  await mkdir(path.join(root, 'dir'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, 'dir/file'), 'inside');
  await writeFile(path.join(outside, 'file'), 'outside');
  confinement = await Confinement.open(root);
});
afterEach(async () => {
  raceWindow.hook = null;
  await confinement.close();
  await rm(base, { recursive: true, force: true });
});

async function contentOf(node: PinnedNode): Promise<string> {
  const handle = await confinement.openPinned(node);
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

const outsideRoot = { status: 403, message: FILE_MESSAGES.symlinkOutsideRoot };

describe('isInside', () => {
  it('compares whole segments', () => {
    expect(isInside('/srv/site', '/srv/site')).toBe(true);
    expect(isInside('/srv/site/a', '/srv/site')).toBe(true);
    expect(isInside('/srv/site-other/a', '/srv/site')).toBe(false);
    expect(isInside('/srv', '/srv/site')).toBe(false);
    expect(isInside('/anything', '/')).toBe(true);
  });
});

describe('Confinement', () => {
  it('resolves paths inside, refuses lexical escapes before probing the file system', async () => {
    const node = await confinement.target(`${root}/dir/file`);
    expect(node.real).toBe(path.join(root, 'dir/file'));
    expect(await contentOf(node)).toBe('inside');
    await expect(confinement.target(`${outside}/file`)).rejects.toMatchObject({
      status: 403,
      message: FILE_MESSAGES.outsideRoot,
    });
    await expect(confinement.target(`${outside}/missing`)).rejects.toMatchObject({ status: 403 });
    await expect(confinement.target(`${root}/missing`)).rejects.toMatchObject({ status: 404 });
    await expect(confinement.target(`${root}/dir/file/below`)).rejects.toMatchObject({ status: 404 });
  });

  it('gives a destination for a new name, refusing a dangling link and a link leading out', async () => {
    await symlink(path.join(outside, 'new'), path.join(root, 'dangling'));
    await symlink(path.join(root, 'dir/file'), path.join(root, 'inner'));
    expect(await confinement.destination(`${root}/dir/new.txt`)).toMatchObject({
      real: path.join(root, 'dir/new.txt'),
      name: 'new.txt',
      stats: null,
    });
    await expect(confinement.destination(`${root}/dangling`)).rejects.toMatchObject(outsideRoot);
    const inner = await confinement.destination(`${root}/inner`);
    expect(inner).toMatchObject({ real: path.join(root, 'dir/file'), name: 'file' });
    expect(inner.folder.real).toBe(path.join(root, 'dir'));
    await expect(confinement.destination(`${root}/missing-folder/x`)).rejects.toMatchObject({ status: 404 });
    await expect(confinement.destination(root)).rejects.toMatchObject({ status: 403 });
  });

  it('refuses a final link, a parent link and a dangling link that lead out; an entry is the link itself', async () => {
    await symlink(path.join(outside, 'file'), path.join(root, 'out-file'));
    await symlink(outside, path.join(root, 'out-dir'));
    await symlink(path.join(outside, 'nothing'), path.join(root, 'dangling-out'));
    await symlink('../outside/file', path.join(root, 'relative-out'));
    for (const name of ['out-file', 'out-dir', 'out-dir/file', 'dangling-out', 'relative-out']) {
      await expect(confinement.target(`${root}/${name}`), name).rejects.toMatchObject(outsideRoot);
    }
    await expect(confinement.destination(`${root}/out-dir/new`)).rejects.toMatchObject(outsideRoot);
    await expect(confinement.entry(`${root}/out-dir/file`)).rejects.toMatchObject(outsideRoot);
    const link = await confinement.entry(`${root}/out-file`);
    expect(link.node.stats.isSymbolicLink()).toBe(true);
    expect(link.node.parent?.real).toBe(root);
    await expect(confinement.openPinned(link.node)).rejects.toMatchObject({ status: 409 });
  });

  it('follows chains of links that stay inside, absolute or relative, and refuses one that ends outside', async () => {
    await symlink('b', path.join(root, 'a'));
    await symlink(path.join(root, 'c'), path.join(root, 'b'));
    await symlink('dir', path.join(root, 'c'));
    expect((await confinement.target(`${root}/a/file`)).real).toBe(path.join(root, 'dir/file'));
    await symlink('y', path.join(root, 'x'));
    await symlink(outside, path.join(root, 'y'));
    await expect(confinement.target(`${root}/x/file`)).rejects.toMatchObject(outsideRoot);
    // An absolute text must name the root segment by segment, not merely start with its characters.
    await mkdir(`${root}-sibling`);
    await writeFile(`${root}-sibling/file`, 'sibling');
    await symlink(`${root}-sibling/file`, path.join(root, 'prefix-trick'));
    await expect(confinement.target(`${root}/prefix-trick`)).rejects.toMatchObject(outsideRoot);
  });

  it('walks `..` in a link text back through the folders it came from, never above the root', async () => {
    await symlink('..', path.join(root, 'dir/up'));
    await symlink('../..', path.join(root, 'dir/up2'));
    await symlink('..', path.join(root, 'top-up'));
    await symlink('../dir/./file', path.join(root, 'dir/again'));
    expect((await confinement.target(`${root}/dir/up/dir/file`)).real).toBe(path.join(root, 'dir/file'));
    expect(await contentOf(await confinement.target(`${root}/dir/again`))).toBe('inside');
    await expect(confinement.target(`${root}/dir/up2`)).rejects.toMatchObject(outsideRoot);
    await expect(confinement.target(`${root}/top-up/outside/file`)).rejects.toMatchObject(outsideRoot);
    // `..` after a followed link leaves the link's target, as the kernel walks it.
    await mkdir(path.join(root, 'deep/er'), { recursive: true });
    await symlink('deep/er', path.join(root, 'to-deep'));
    await symlink('to-deep/../../dir/file', path.join(root, 'via-deep'));
    expect((await confinement.target(`${root}/via-deep`)).real).toBe(path.join(root, 'dir/file'));
  });

  it('tells a dangling link inside (404, as a missing file) from one leading out (403)', async () => {
    await symlink('nothing-here', path.join(root, 'dangling-in'));
    await symlink(path.join(outside, 'nothing'), path.join(root, 'dangling-out'));
    await expect(confinement.target(`${root}/dangling-in`)).rejects.toMatchObject({ status: 404 });
    await expect(confinement.target(`${root}/dangling-out`)).rejects.toMatchObject(outsideRoot);
    await expect(confinement.destination(`${root}/dangling-in`)).rejects.toMatchObject(outsideRoot);
  });

  it('stops after 40 links: a loop is refused, a chain of 40 is followed', async () => {
    await symlink('loop2', path.join(root, 'loop1'));
    await symlink('loop1', path.join(root, 'loop2'));
    await expect(confinement.target(`${root}/loop1`)).rejects.toMatchObject(outsideRoot);
    await symlink('dir/file', path.join(root, 'chain0'));
    for (let index = 1; index <= 40; index += 1)
      await symlink(`chain${index - 1}`, path.join(root, `chain${index}`));
    expect(await contentOf(await confinement.target(`${root}/chain39`))).toBe('inside');
    await expect(confinement.target(`${root}/chain40`)).rejects.toMatchObject(outsideRoot);
  });

  it('works from a root reached through a link, and from the root /', async () => {
    await symlink(root, path.join(base, 'root-link'));
    const linked = await Confinement.open(path.join(base, 'root-link'));
    try {
      expect(linked.realRoot).toBe(root);
      expect((await linked.target(`${base}/root-link/dir/file`)).real).toBe(path.join(root, 'dir/file'));
      await symlink(`${base}/root-link/dir`, path.join(root, 'by-visible-root'));
      expect((await linked.target(`${base}/root-link/by-visible-root/file`)).real).toBe(
        path.join(root, 'dir/file'),
      );
    } finally {
      await linked.close();
    }
    const whole = await Confinement.open('/');
    try {
      await symlink('../../../../../../../../..', path.join(root, 'dir/way-up'));
      expect((await whole.target(`${root}/dir/way-up/etc`)).real).toBe('/etc');
    } finally {
      await whole.close();
    }
  });
});

describe("links in another user's folders, as root (assertMayFollow)", () => {
  const SITE_UID = 65534;
  const otherOwner = { status: 403, message: FILE_MESSAGES.symlinkOtherOwner };

  beforeEach(async () => {
    await writeFile(path.join(root, 'secret'), 'root only');
    for (const folder of ['site', 'site2', 'shared', 'tmp']) await mkdir(path.join(root, folder));
    await writeFile(path.join(root, 'site/own'), 'own');
    await writeFile(path.join(root, 'site2/other'), 'other');
    for (const entry of ['site', 'site/own', 'site2', 'site2/other', 'shared'])
      await chown(path.join(root, entry), SITE_UID, SITE_UID);
    await chmod(path.join(root, 'shared'), 0o775);
    await chmod(path.join(root, 'tmp'), 0o1777);
  });

  it("follows a link of a user's folder only to that user's own files", async () => {
    await symlink('../secret', path.join(root, 'site/to-secret'));
    await symlink(path.join(root, 'dir'), path.join(root, 'site/to-root-dir'));
    await symlink('own', path.join(root, 'site/to-own'));
    await symlink('../site2/other', path.join(root, 'site/to-site2'));
    await symlink('secret', path.join(root, 'plain'));
    await symlink('../plain', path.join(root, 'site/via-root-link'));
    expect(await contentOf(await confinement.target(`${root}/site/to-own`))).toBe('own');
    expect(await contentOf(await confinement.target(`${root}/site/to-site2`))).toBe('other');
    expect(await contentOf(await confinement.target(`${root}/plain`))).toBe('root only');
    for (const name of ['to-secret', 'to-root-dir/file', 'via-root-link']) {
      await expect(confinement.target(`${root}/site/${name}`), name).rejects.toMatchObject(otherOwner);
    }
    await expect(confinement.destination(`${root}/site/to-root-dir/new`)).rejects.toMatchObject(otherOwner);
    await expect(confinement.destination(`${root}/site/to-secret`)).rejects.toMatchObject(otherOwner);
    // A root-owned link in the user's folder is still the user's choice: the user may rename links there.
    await symlink('../secret', path.join(root, 'site/root-made'));
    await expect(confinement.target(`${root}/site/root-made`)).rejects.toMatchObject(otherOwner);
  });

  it("follows, in a sticky folder, a link to its own owner's files; never one of a folder others may write", async () => {
    await symlink('../secret', path.join(root, 'tmp/users'));
    await lchown(path.join(root, 'tmp/users'), SITE_UID, SITE_UID);
    await symlink('../secret', path.join(root, 'tmp/roots'));
    await symlink('../site/own', path.join(root, 'tmp/users-own'));
    await lchown(path.join(root, 'tmp/users-own'), SITE_UID, SITE_UID);
    await expect(confinement.target(`${root}/tmp/users`)).rejects.toMatchObject(otherOwner);
    expect(await contentOf(await confinement.target(`${root}/tmp/roots`))).toBe('root only');
    expect(await contentOf(await confinement.target(`${root}/tmp/users-own`))).toBe('own');
    await symlink('../site/own', path.join(root, 'shared/group-link'));
    await expect(confinement.target(`${root}/shared/group-link`)).rejects.toMatchObject(otherOwner);
  });
});

describe('pinned descriptors against swaps (the race of issue 25, made deterministic)', () => {
  it('reads the file that was checked even if its folder is swapped for a link afterwards', async () => {
    const node = await confinement.target(`${root}/dir/file`);
    await rename(path.join(root, 'dir'), path.join(root, 'dir-moved'));
    await symlink(outside, path.join(root, 'dir'));
    expect(await contentOf(node)).toBe('inside');
  });

  it('keeps walking inside the folder it pinned when the folder is swapped right after the check', async () => {
    raceWindow.hook = async (_point, name) => {
      if (name !== 'dir') return;
      raceWindow.hook = null;
      await rename(path.join(root, 'dir'), path.join(root, 'dir-moved'));
      await symlink(outside, path.join(root, 'dir'));
    };
    const node = await confinement.target(`${root}/dir/file`);
    expect(await contentOf(node)).toBe('inside');
    // A name looked up after the swap is the link, refused.
    await expect(confinement.target(`${root}/dir/file`)).rejects.toMatchObject(outsideRoot);
  });

  it('writes in the pinned folder even if its path is swapped meanwhile', async () => {
    const destination = await confinement.destination(`${root}/dir/written`);
    await rename(path.join(root, 'dir'), path.join(root, 'dir-moved'));
    await symlink(outside, path.join(root, 'dir'));
    await writeFile(`/proc/self/fd/${destination.folder.fd}/${destination.name}`, 'x');
    expect(await readFile(path.join(root, 'dir-moved/written'), 'utf8')).toBe('x');
    await expect(readFile(path.join(outside, 'written'))).rejects.toThrow();
  });

  it('closes every descriptor it opened', async () => {
    const before = (await readdirFds()).length;
    await confinement.scoped(() => confinement.target(`${root}/dir/file`));
    expect((await readdirFds()).length).toBe(before);
    await confinement.target(`${root}/dir/file`);
    await confinement.close();
    expect((await readdirFds()).length).toBeLessThan(before);
    confinement = await Confinement.open(root);
  });
});

async function readdirFds(): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  return readdir('/proc/self/fd');
}
