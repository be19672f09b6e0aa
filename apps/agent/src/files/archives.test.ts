import { lstat, mkdir, readdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { list as listTar } from 'tar';
import yauzl from 'yauzl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import type { FileApiOverrides } from './options.js';
import {
  buildTar,
  buildZip,
  declareUncompressedSize,
  renameInZip,
} from '../../../../tools/testing/archives.js';
import { listTree, startFileServer, type FileTestServer } from './testing/file-server.js';

let server: FileTestServer;
let root: string;

async function zipEntries(file: string): Promise<{ name: string; method: number }[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const entries: { name: string; method: number }[] = [];
  for await (const entry of zip.eachEntry())
    entries.push({ name: entry.fileName, method: entry.compressionMethod });
  zip.close();
  return entries;
}

async function tarEntries(file: string): Promise<string[]> {
  const names: string[] = [];
  await listTar({ file, onReadEntry: (entry) => names.push(entry.path) });
  return names;
}

async function useServer(overrides: FileApiOverrides = {}) {
  server = await startFileServer({}, overrides);
  root = server.root;
  await mkdir(path.join(root, 'site/sub'), { recursive: true });
  await writeFile(path.join(root, 'site/a.txt'), 'alpha');
  await writeFile(path.join(root, 'site/sub/b.txt'), 'beta'.repeat(1000));
  await writeFile(path.join(root, 'readme.md'), '# hi');
}

afterEach(async () => {
  await server.close();
});

describe('compress', () => {
  beforeEach(() => useServer());

  it('zips a folder at the default level with paths relative to its folder (junk)', async () => {
    const answer = await server.send('POST', 'compress', { root, path: [`${root}/site`], type: 'zip' });
    expect(answer.status).toBe(200);
    expect((answer.body.file as { path: string }).path).toBe(`${root}/site.zip`);
    const entries = await zipEntries(path.join(root, 'site.zip'));
    expect(entries.map((entry) => entry.name).sort()).toEqual([
      'site/',
      'site/a.txt',
      'site/sub/',
      'site/sub/b.txt',
    ]);
    expect(entries.find((entry) => entry.name === 'site/sub/b.txt')?.method).toBe(8);
  });

  it('stores at level 0, accepts a single path string (old agents), and refuses an existing name', async () => {
    const stored = await server.send('POST', 'compress', {
      root,
      path: `${root}/readme.md`,
      type: 'zip',
      level: 0,
      name: 'r.zip',
    });
    expect(stored.status).toBe(200);
    expect(await zipEntries(path.join(root, 'r.zip'))).toEqual([{ name: 'readme.md', method: 0 }]);
    expect(
      (await server.send('POST', 'compress', { root, path: `${root}/readme.md`, name: 'r.zip' })).status,
    ).toBe(409);
    expect(
      (await server.send('POST', 'compress', { root, path: `${root}/readme.md`, level: 10 })).status,
    ).toBe(422);
    expect(
      (await server.send('POST', 'compress', { root, path: `${root}/readme.md`, type: 'rar' })).status,
    ).toBe(422);
  });

  it('makes tar and tar.gz of several paths, full paths without junk', async () => {
    const tarred = await server.send('POST', 'compress', {
      root,
      path: [`${root}/site`, `${root}/readme.md`],
      type: 'tar',
      name: 'both.tar',
    });
    expect(tarred.status).toBe(200);
    expect((await tarEntries(path.join(root, 'both.tar'))).sort()).toEqual([
      'readme.md',
      'site/',
      'site/a.txt',
      'site/sub/',
      'site/sub/b.txt',
    ]);
    const full = await server.send('POST', 'compress', {
      root,
      path: [`${root}/site/a.txt`],
      type: 'tar.gz',
      level: 9,
      junk: false,
      name: 'full.tar.gz',
    });
    expect(full.status).toBe(200);
    expect(await tarEntries(path.join(root, 'site/full.tar.gz'))).toEqual([`${root.slice(1)}/site/a.txt`]);
  });

  it('writes long names (pax), links as links and modes as tar --portable does', async () => {
    const deep = `site/${'long-folder-name-'.repeat(8)}`;
    await mkdir(path.join(root, deep), { recursive: true });
    await writeFile(path.join(root, deep, 'file.txt'), 'deep');
    await symlink('a.txt', path.join(root, 'site/link'));
    const answer = await server.send('POST', 'compress', { root, path: [`${root}/site`], type: 'tar' });
    expect(answer.status).toBe(200);
    const entries: Record<string, { type: string; mode?: number; linkpath?: string; size?: number }> = {};
    await listTar({
      file: path.join(root, 'site.tar'),
      onReadEntry: (entry) => {
        entries[entry.path] = {
          type: entry.type,
          mode: entry.mode,
          linkpath: entry.linkpath,
          size: entry.size,
        };
      },
    });
    expect(entries[`${deep}/file.txt`]).toMatchObject({ type: 'File', size: 4, mode: 0o644 });
    expect(entries['site/link']).toMatchObject({ type: 'SymbolicLink', linkpath: 'a.txt' });
    expect(entries['site/']).toMatchObject({ type: 'Directory', mode: 0o755 });
    const extracted = await server.send('POST', 'decompress', {
      root,
      path: `${root}/site.tar`,
      here: false,
    });
    expect(extracted.status).toBe(200);
    expect(await readFile(path.join(root, 'site/site', deep.slice(5), 'file.txt'), 'utf8')).toBe('deep');
  });

  it('round-trips: zip then extract into a folder named after the archive', async () => {
    await server.send('POST', 'compress', { root, path: [`${root}/site`], type: 'zip' });
    const extracted = await server.send('POST', 'decompress', {
      root,
      path: `${root}/site.zip`,
      here: false,
    });
    expect(extracted.status).toBe(200);
    expect(extracted.body.path).toBe(`${root}/site`);
    // 'site' already existed: the archive's 'site/' merged into root/site/site.
    expect(await readFile(path.join(root, 'site/site/sub/b.txt'), 'utf8')).toBe('beta'.repeat(1000));
  });

  it('round-trips tar.gz extracted here, replacing files and merging folders', async () => {
    await server.send('POST', 'compress', { root, path: [`${root}/site`], type: 'tar.gz' });
    await mkdir(path.join(root, 'copy'));
    await server.send('POST', 'move', { root, path: `${root}/site.tar.gz`, destination: `${root}/copy` });
    await mkdir(path.join(root, 'copy/site'));
    await writeFile(path.join(root, 'copy/site/a.txt'), 'old');
    await writeFile(path.join(root, 'copy/site/keep.txt'), 'keep');
    const extracted = await server.send('POST', 'decompress', { root, path: `${root}/copy/site.tar.gz` });
    expect(extracted.status).toBe(200);
    expect(await readFile(path.join(root, 'copy/site/a.txt'), 'utf8')).toBe('alpha');
    expect(await readFile(path.join(root, 'copy/site/keep.txt'), 'utf8')).toBe('keep');
    expect(await readFile(path.join(root, 'copy/site/sub/b.txt'), 'utf8')).toBe('beta'.repeat(1000));
  });
});

describe('decompress refuses unsafe archives (SECURITY.md, archives)', () => {
  let before: string[];
  beforeEach(async () => {
    await useServer({ archive: { maxRatio: 100, ratioFloorBytes: 1024 * 1024, maxEntries: 50 } });
    before = await server.outsideSnapshot();
  });
  afterEach(async () => {
    expect(await server.outsideSnapshot()).toEqual(before);
    // No staging folder and no half-made folder is left behind.
    const left = await listTree(root);
    expect(
      left.filter(
        (entry) => entry.includes('.hdextract') || entry.startsWith('bad/') || entry.startsWith('bad:'),
      ),
    ).toEqual([]);
  });

  async function extract(name: string, archive: Buffer, here = false) {
    await writeFile(path.join(root, name), archive);
    return server.send('POST', 'decompress', { root, path: `${root}/${name}`, here });
  }

  it('zip-slip, absolute and backslash names', async () => {
    const base = await buildZip([
      { name: 'ok.txt', content: 'ok' },
      { name: 'XX/XXXXXXXXXXevil.txt', content: 'pwned' },
    ]);
    // Each the same length as the placeholder name it replaces.
    for (const hostile of ['../../outside/evil.tx', '/tmp/hd-evil-abs.txtx', '..\\..\\outside\\evil.tx']) {
      const archive = renameInZip(base, 'XX/XXXXXXXXXXevil.txt', hostile);
      const answer = await extract('bad.zip', archive);
      expect({ hostile, status: answer.status, message: answer.body.message }).toEqual({
        hostile,
        status: 422,
        message: FILE_MESSAGES.unsafeArchiveEntry,
      });
    }
    await expect(lstat('/tmp/hd-evil-abs.txtx')).rejects.toThrow();
  });

  it('zip links out of the destination, and a write through a link', async () => {
    const cases = [
      [
        { name: 'link', content: '/etc', mode: 0o120777 },
        { name: 'link/hd-pwned', content: 'x' },
      ],
      [{ name: 'up', content: '../../outside', mode: 0o120777 }],
      [
        { name: 'd2', content: '.', mode: 0o120777 },
        { name: 'd1', content: 'd2/../..', mode: 0o120777 },
      ],
      // A chain whose text stays inside but which resolves outside once written.
      [
        { name: 'd2', content: '.', mode: 0o120777 },
        { name: 'd1', content: 'd2/..', mode: 0o120777 },
      ],
    ];
    for (const entries of cases) {
      const answer = await extract('bad.zip', await buildZip(entries));
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    await expect(lstat('/etc/hd-pwned')).rejects.toThrow();
  });

  it('tar-slip, absolute paths, links and hard links out, devices', async () => {
    const cases = [
      [{ path: '../../outside/evil.txt', content: 'pwned' }],
      [{ path: '/tmp/hd-evil-tar-abs.txt', content: 'pwned' }],
      [
        { path: 'link', type: 'SymbolicLink' as const, linkpath: server.outside },
        { path: 'link/evil.txt', content: 'pwned' },
      ],
      [{ path: 'link', type: 'SymbolicLink' as const, linkpath: '../../outside' }],
      [{ path: 'hard', type: 'Link' as const, linkpath: '/etc/passwd' }],
      [{ path: 'hard', type: 'Link' as const, linkpath: '../outside/secret.txt' }],
      [{ path: 'dev', type: 'CharacterDevice' as const, devmaj: 1, devmin: 3 }],
      [{ path: 'fifo', type: 'FIFO' as const }],
    ];
    for (const entries of cases) {
      const answer = await extract('bad.tar', buildTar([{ path: 'fine.txt', content: 'fine' }, ...entries]));
      expect({ entries: entries[0]?.path, status: answer.status }).toEqual({
        entries: entries[0]?.path,
        status: 422,
      });
    }
    await expect(lstat('/tmp/hd-evil-tar-abs.txt')).rejects.toThrow();
    await expect(lstat('/etc/passwd')).resolves.toBeTruthy();
  });

  it('a zip bomb: a huge declared size is refused before writing', async () => {
    const bomb = await buildZip([{ name: 'zeros.bin', content: Buffer.alloc(50 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const answer = await extract('bad.zip', bomb);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(FILE_MESSAGES.archiveTooLarge);
  });

  it('a zip bomb that lies about its size is stopped while streaming', async () => {
    const liar = declareUncompressedSize(
      await buildZip([{ name: 'zeros.bin', content: Buffer.alloc(50 * 1024 * 1024) }]),
      1000,
    );
    const answer = await extract('bad.zip', liar);
    expect(answer.status).toBe(413);
  });

  it('a tar.gz bomb is stopped at the cap and leaves no partial file', async () => {
    const bomb = buildTar([{ path: 'zeros.bin', content: Buffer.alloc(50 * 1024 * 1024) }], true);
    const answer = await extract('bad.tar.gz', bomb);
    expect(answer.status).toBe(413);
  });

  it('too many entries', async () => {
    const many = buildTar(Array.from({ length: 60 }, (_, index) => ({ path: `f${index}`, content: 'x' })));
    const answer = await extract('bad.tar', many);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(FILE_MESSAGES.archiveTooManyEntries);
  });
});

describe('decompress keeps what is safe', () => {
  beforeEach(() => useServer());

  it('drops setuid and setgid bits and keeps links inside the archive', async () => {
    const archive = buildTar([
      { path: 'bin/', type: 'Directory', mode: 0o755 },
      { path: 'bin/tool', content: '#!/bin/sh', mode: 0o6755 },
      { path: 'bin/alias', type: 'SymbolicLink', linkpath: 'tool' },
      { path: 'bin/hard', type: 'Link', linkpath: 'bin/tool' },
    ]);
    await writeFile(path.join(root, 'tools.tar'), archive);
    const answer = await server.send('POST', 'decompress', { root, path: `${root}/tools.tar`, here: false });
    expect(answer.status).toBe(200);
    expect((await stat(path.join(root, 'tools/bin/tool'))).mode & 0o7777).toBe(0o755);
    expect(await readlink(path.join(root, 'tools/bin/alias'))).toBe('tool');
    expect((await stat(path.join(root, 'tools/bin/hard'))).nlink).toBe(2);
    expect((await readdir(path.join(root, 'tools'))).sort()).toEqual(['bin']);
  });

  it('refuses an unknown type and a damaged archive with 422', async () => {
    await writeFile(path.join(root, 'x.rar'), 'rar');
    expect((await server.send('POST', 'decompress', { root, path: `${root}/x.rar` })).status).toBe(422);
    await writeFile(path.join(root, 'broken.zip'), 'not a zip at all');
    expect((await server.send('POST', 'decompress', { root, path: `${root}/broken.zip` })).status).toBe(422);
    await writeFile(path.join(root, 'broken.tar.gz'), 'not a tar either, not even close to 512 bytes');
    expect((await server.send('POST', 'decompress', { root, path: `${root}/broken.tar.gz` })).status).toBe(
      422,
    );
  });
});
