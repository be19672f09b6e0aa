import { constants } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Confinement, isInside } from './confine.js';
import { FILE_MESSAGES } from './messages.js';
import { filesVi } from './messages.vi.js';

let base: string;
let root: string;
let outside: string;

beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'hd-confine-'));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  await mkdir(path.join(root, 'dir'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, 'dir/file'), 'inside');
  await writeFile(path.join(outside, 'file'), 'outside');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

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
    const confinement = await Confinement.open(root);
    expect(await confinement.target(`${root}/dir/file`)).toBe(path.join(root, 'dir/file'));
    await expect(confinement.target(`${outside}/file`)).rejects.toMatchObject({
      status: 403,
      message: FILE_MESSAGES.outsideRoot,
    });
    await expect(confinement.target(`${outside}/missing`)).rejects.toMatchObject({ status: 403 });
    await expect(confinement.target(`${root}/missing`)).rejects.toMatchObject({ status: 404 });
  });

  it('gives a destination for a new name, refusing a dangling link and a link leading out', async () => {
    const confinement = await Confinement.open(root);
    await symlink(path.join(outside, 'new'), path.join(root, 'dangling'));
    await symlink(path.join(root, 'dir/file'), path.join(root, 'inner'));
    expect(await confinement.destination(`${root}/dir/new.txt`)).toMatchObject({
      real: path.join(root, 'dir/new.txt'),
      stats: null,
    });
    await expect(confinement.destination(`${root}/dangling`)).rejects.toMatchObject({
      status: 403,
      message: FILE_MESSAGES.symlinkOutsideRoot,
    });
    expect((await confinement.destination(`${root}/inner`)).real).toBe(path.join(root, 'dir/file'));
    await expect(confinement.destination(`${root}/missing-folder/x`)).rejects.toMatchObject({ status: 404 });
    await expect(confinement.destination(root)).rejects.toMatchObject({ status: 403 });
  });

  it('catches a folder swapped for a link between the check and the open', async () => {
    const confinement = await Confinement.open(root);
    const real = await confinement.target(`${root}/dir/file`);
    await rename(path.join(root, 'dir'), path.join(root, 'dir-moved'));
    await symlink(outside, path.join(root, 'dir'));
    await expect(confinement.openFile(real, constants.O_RDONLY)).rejects.toMatchObject({ status: 403 });
  });

  it('keeps working in a pinned folder even if its path is swapped meanwhile', async () => {
    const confinement = await Confinement.open(root);
    const folder = await confinement.target(`${root}/dir`);
    await confinement.inDirectory(folder, async (pinned) => {
      await rename(path.join(root, 'dir'), path.join(root, 'dir-moved'));
      await symlink(outside, path.join(root, 'dir'));
      await writeFile(path.join(pinned, 'written'), 'x');
    });
    expect(await readFile(path.join(root, 'dir-moved/written'), 'utf8')).toBe('x');
    await expect(readFile(path.join(outside, 'written'))).rejects.toThrow();
  });
});

describe('messages', () => {
  it('has a Vietnamese text for every message', () => {
    const missing = Object.values(FILE_MESSAGES).filter((message) => !filesVi[message]);
    expect(missing).toEqual([]);
  });
});
