import { chmod, lstat, mkdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileItem } from './file-item.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { startFileServer, type FileTestServer } from './testing/file-server.js';

let server: FileTestServer;
let root: string;

beforeEach(async () => {
  server = await startFileServer();
  root = server.root;
});
afterEach(async () => {
  await server.close();
});

describe('list', () => {
  it('answers dirs and files with the §3 item fields', async () => {
    await mkdir(path.join(root, 'public'));
    await writeFile(path.join(root, 'index.php'), '<?php echo 1;');
    await writeFile(path.join(root, '.env'), 'A=1');
    await writeFile(path.join(root, 'site.tar.gz'), 'x');
    await chmod(path.join(root, 'index.php'), 0o640);
    await symlink('public', path.join(root, 'www'));
    await symlink(server.outside, path.join(root, 'escape'));

    const { status, body } = await server.send('POST', 'list', { path: root, root });
    expect(status).toBe(200);
    const dirs = body.dirs as FileItem[];
    const files = body.files as FileItem[];
    expect(dirs.map((item) => item.name)).toEqual(['public', 'www']);
    expect(files.map((item) => item.name)).toEqual(['.env', 'escape', 'index.php', 'site.tar.gz']);

    const php = files.find((item) => item.name === 'index.php') as FileItem;
    expect(php).toMatchObject({
      type: 'file',
      path: `${root}/index.php`,
      basename: 'index',
      extension: 'php',
      size: 13,
      size_format: '13 B',
      permission: { number: 640, string: 'rw-r-----' },
      hidden: false,
      link: null,
      isCompressed: false,
      canView: true,
    });
    expect(php.owner).toMatch(/^[\w-]+:[\w-]+$/);
    expect(Math.abs(php.modified - Date.now() / 1000)).toBeLessThan(600);
    expect(files.find((item) => item.name === '.env')?.hidden).toBe(true);
    expect(files.find((item) => item.name === 'site.tar.gz')).toMatchObject({
      isCompressed: true,
      extension: 'tar.gz',
      basename: 'site',
    });
    // A link inside the root shows its target; one leading out shows no target (spec/001 §2).
    expect(dirs.find((item) => item.name === 'www')).toMatchObject({
      type: 'symbolic',
      link: `${root}/public`,
      linkType: 'dir',
    });
    expect(files.find((item) => item.name === 'escape')).toMatchObject({
      type: 'symbolic',
      link: null,
      linkType: null,
    });
  });

  it('lists the root when no path is given, and a folder by relative path', async () => {
    await mkdir(path.join(root, 'a/b'), { recursive: true });
    const top = await server.send('POST', 'list', { root });
    expect((top.body.dirs as FileItem[]).map((item) => item.name)).toEqual(['a']);
    const nested = await server.send('POST', 'list', { root, path: 'a' });
    expect((nested.body.dirs as FileItem[])[0]?.path).toBe(`${root}/a/b`);
  });

  it('refuses to list a file or a missing folder', async () => {
    await writeFile(path.join(root, 'f.txt'), 'x');
    expect((await server.send('POST', 'list', { root, path: 'f.txt' })).status).toBe(409);
    expect((await server.send('POST', 'list', { root, path: 'missing' })).status).toBe(404);
  });
});

describe('view', () => {
  it('answers the whole text for limit -1 and the last lines for a limit', async () => {
    const lines = Array.from({ length: 1000 }, (_, index) => `line ${index + 1}`);
    await writeFile(path.join(root, 'app.log'), `${lines.join('\n')}\n`);
    const all = await server.get('view', { path: `${root}/app.log`, root, limit: '-1' });
    expect(all.status).toBe(200);
    expect(await all.text()).toBe(`${lines.join('\n')}\n`);
    const tail = await server.get('view', { path: `${root}/app.log`, root, limit: '3' });
    expect(await tail.text()).toBe('line 998\nline 999\nline 1000\n');
  });

  it('tails a large file without reading it whole, and base64 when asked', async () => {
    const big = 'x'.repeat(200) + '\n';
    await writeFile(path.join(root, 'big.log'), big.repeat(60_000) + 'last\n');
    const tail = await server.get('view', { path: 'big.log', root, limit: '2' }, {});
    expect(await tail.text()).toBe(`${big}last\n`);
    const encoded = await server.get('view', { path: 'big.log', root, limit: '1', encode: 'base64' });
    expect(Buffer.from(await encoded.text(), 'base64').toString()).toBe('last\n');
  });

  it('answers 204 for binary files and for All of a file over the view cap', async () => {
    await writeFile(path.join(root, 'blob.txt'), Buffer.from([0x41, 0x00, 0x42]));
    expect((await server.get('view', { path: 'blob.txt', root })).status).toBe(204);
    const small = await startFileServer({}, { maxViewBytes: 1024 });
    try {
      await writeFile(path.join(small.root, 'large.txt'), 'a\n'.repeat(2000));
      expect((await small.get('view', { path: 'large.txt', root: small.root, limit: '-1' })).status).toBe(
        204,
      );
      const tail = await small.get('view', { path: 'large.txt', root: small.root, limit: '5' });
      expect(await tail.text()).toBe('a\n'.repeat(5));
    } finally {
      await small.close();
    }
  });

  it('serves images as media with their type and Range support', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(100, 7)]);
    await writeFile(path.join(root, 'logo.png'), png);
    const whole = await server.get('view', { path: 'logo.png', root });
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(png);
    const part = await server.get('view', { path: 'logo.png', root }, { Range: 'bytes=0-3' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-3/104');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(png.subarray(0, 4));
  });

  it('rejects a bad limit with 422', async () => {
    await writeFile(path.join(root, 'a.txt'), 'a');
    expect((await server.get('view', { path: 'a.txt', root, limit: '0' })).status).toBe(422);
    expect((await server.get('view', { path: 'a.txt', root, limit: 'abc' })).status).toBe(422);
  });
});

describe('mkdir, rename, delete', () => {
  it('creates nested folders from a name with sub-paths, and refuses an existing one', async () => {
    const created = await server.send('POST', 'mkdir', { path: root, name: 'abc/def/xyz', root });
    expect(created.status).toBe(200);
    expect((await stat(path.join(root, 'abc/def/xyz'))).isDirectory()).toBe(true);
    expect((await server.send('POST', 'mkdir', { path: root, name: 'abc', root })).status).toBe(409);
    expect((await server.send('POST', 'mkdir', { path: root, name: '', root })).status).toBe(422);
  });

  it('renames within the folder and refuses names with a slash or an existing name', async () => {
    await writeFile(path.join(root, 'a.txt'), 'a');
    await writeFile(path.join(root, 'b.txt'), 'b');
    expect((await server.send('PUT', 'rename', { path: `${root}/a.txt`, name: 'c.txt', root })).status).toBe(
      200,
    );
    expect(await readFile(path.join(root, 'c.txt'), 'utf8')).toBe('a');
    expect((await server.send('PUT', 'rename', { path: `${root}/c.txt`, name: 'b.txt', root })).status).toBe(
      409,
    );
    expect((await server.send('PUT', 'rename', { path: `${root}/c.txt`, name: 'x/y', root })).status).toBe(
      422,
    );
    expect((await server.send('PUT', 'rename', { path: `${root}/c.txt`, name: '..', root })).status).toBe(
      422,
    );
  });

  it('deletes a list of paths; a link is removed, not its target', async () => {
    await mkdir(path.join(root, 'dir/sub'), { recursive: true });
    await writeFile(path.join(root, 'dir/sub/f'), 'x');
    await writeFile(path.join(root, 'keep.txt'), 'keep');
    await symlink(path.join(root, 'keep.txt'), path.join(root, 'link'));
    const deleted = await server.send('DELETE', 'delete', { path: [`${root}/dir`, `${root}/link`], root });
    expect(deleted.status).toBe(200);
    await expect(lstat(path.join(root, 'dir'))).rejects.toThrow();
    await expect(lstat(path.join(root, 'link'))).rejects.toThrow();
    expect(await readFile(path.join(root, 'keep.txt'), 'utf8')).toBe('keep');
  });

  it('never deletes or renames the root itself', async () => {
    expect((await server.send('DELETE', 'delete', { path: [root], root })).status).toBe(403);
    expect((await server.send('PUT', 'rename', { path: root, name: 'x', root })).status).toBe(403);
    expect((await stat(root)).isDirectory()).toBe(true);
  });
});

describe('chmod and chown', () => {
  it('sets a three-digit mode and refuses anything else with "Invalid Chmod"', async () => {
    await writeFile(path.join(root, 'run.sh'), '#!/bin/sh');
    expect((await server.send('POST', 'chmod', { path: `${root}/run.sh`, root, mode: '750' })).status).toBe(
      200,
    );
    expect((await stat(path.join(root, 'run.sh'))).mode & 0o7777).toBe(0o750);
    for (const mode of ['4755', '75', '789', 'rwx', '7 5', '-755']) {
      const refused = await server.send('POST', 'chmod', { path: `${root}/run.sh`, root, mode });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(FILE_MESSAGES.invalidChmod);
    }
    expect((await stat(path.join(root, 'run.sh'))).mode & 0o7777).toBe(0o750);
  });

  it('changes owner and group to accounts that exist and refuses unknown names', async () => {
    await writeFile(path.join(root, 'f'), 'x');
    const passwd = await readFile('/etc/passwd', 'utf8');
    const [name, , uid, gid] = (
      passwd.split('\n').find((line) => line.startsWith('nobody:')) ?? 'root:x:0:0'
    ).split(':');
    const group = (await readFile('/etc/group', 'utf8'))
      .split('\n')
      .find((line) => line.split(':')[2] === gid)
      ?.split(':')[0];
    const changed = await server.send('POST', 'chown', { path: `${root}/f`, root, owner: name, group });
    if (process.getuid?.() === 0) {
      expect(changed.status).toBe(200);
      expect((await stat(path.join(root, 'f'))).uid).toBe(Number(uid));
    } else {
      expect(changed.status).toBe(403);
    }
    expect(
      (await server.send('POST', 'chown', { path: `${root}/f`, root, owner: 'no-such-user-x', group }))
        .status,
    ).toBe(422);
    expect(
      (await server.send('POST', 'chown', { path: `${root}/f`, root, owner: name, group: 'no-such-group-x' }))
        .status,
    ).toBe(422);
  });
});

describe('move and copy', () => {
  it('moves an item into a folder, keeping its name', async () => {
    await mkdir(path.join(root, 'from'));
    await mkdir(path.join(root, 'to'));
    await writeFile(path.join(root, 'from/a.txt'), 'a');
    const moved = await server.send('POST', 'move', {
      path: `${root}/from/a.txt`,
      destination: `${root}/to`,
      root,
    });
    expect(moved.body.path).toBe(`${root}/to/a.txt`);
    expect(await readFile(path.join(root, 'to/a.txt'), 'utf8')).toBe('a');
    await expect(lstat(path.join(root, 'from/a.txt'))).rejects.toThrow();
  });

  it('copies folders recursively, links as links, and refuses an existing name or a folder into itself', async () => {
    await mkdir(path.join(root, 'src/deep'), { recursive: true });
    await writeFile(path.join(root, 'src/deep/f.txt'), 'f');
    await symlink('/etc/passwd', path.join(root, 'src/pw'));
    await mkdir(path.join(root, 'dst'));
    expect(
      (await server.send('POST', 'copy', { path: `${root}/src`, destination: `${root}/dst`, root })).status,
    ).toBe(200);
    expect(await readFile(path.join(root, 'dst/src/deep/f.txt'), 'utf8')).toBe('f');
    expect(await readlink(path.join(root, 'dst/src/pw'))).toBe('/etc/passwd');
    expect((await lstat(path.join(root, 'dst/src/pw'))).isSymbolicLink()).toBe(true);
    expect(
      (await server.send('POST', 'copy', { path: `${root}/src`, destination: `${root}/dst`, root })).status,
    ).toBe(409);
    const intoItself = await server.send('POST', 'copy', {
      path: `${root}/src`,
      destination: `${root}/src/deep`,
      root,
    });
    expect(intoItself.status).toBe(400);
    expect(intoItself.body.message).toBe(FILE_MESSAGES.intoItself);
  });
});

describe('save', () => {
  it('saves content over a file keeping its mode, creates new files with folders, refuses a new existing name', async () => {
    await writeFile(path.join(root, 'conf.ini'), 'old');
    await chmod(path.join(root, 'conf.ini'), 0o600);
    const form = new FormData();
    form.set('root', root);
    form.set('path', `${root}/conf.ini`);
    form.set('file', 'new content ✓');
    const saved = await fetch(`${server.url}/files/save`, { method: 'POST', body: form });
    expect(saved.status).toBe(200);
    expect(await readFile(path.join(root, 'conf.ini'), 'utf8')).toBe('new content ✓');
    expect((await stat(path.join(root, 'conf.ini'))).mode & 0o777).toBe(0o600);

    const created = new FormData();
    created.set('root', root);
    created.set('path', `${root}/folder/filename.txt`);
    created.set('new', 'true');
    created.set('encode', 'base64');
    created.set('file', Buffer.from('hello').toString('base64'));
    expect((await fetch(`${server.url}/files/save`, { method: 'POST', body: created })).status).toBe(200);
    expect(await readFile(path.join(root, 'folder/filename.txt'), 'utf8')).toBe('hello');
    expect((await fetch(`${server.url}/files/save`, { method: 'POST', body: created })).status).toBe(409);
  });

  it('accepts the content as a file part and a JSON body; a missing file without new is a 404', async () => {
    const form = new FormData();
    form.set('root', root);
    form.set('path', `${root}/a.txt`);
    form.set('new', '1');
    form.set('file', new Blob([Buffer.from([0xe2, 0x9c, 0x93])]), 'blob');
    expect((await fetch(`${server.url}/files/save`, { method: 'POST', body: form })).status).toBe(200);
    expect(await readFile(path.join(root, 'a.txt'), 'utf8')).toBe('✓');
    const json = await server.send('POST', 'save', { root, path: `${root}/a.txt`, file: '' });
    expect(json.status).toBe(200);
    expect(await readFile(path.join(root, 'a.txt'), 'utf8')).toBe('');
    expect((await server.send('POST', 'save', { root, path: `${root}/missing.txt`, file: 'x' })).status).toBe(
      404,
    );
  });
});

describe('upload and download', () => {
  it('uploads a file into a folder (name with sub-folders) and downloads it with Range', async () => {
    const form = new FormData();
    form.set('root', root);
    form.set('path', root);
    form.set('name', 'assets/img/a.bin');
    form.set('file', new Blob([Buffer.from('0123456789')]), 'ignored.bin');
    const uploaded = await fetch(`${server.url}/files/upload`, { method: 'POST', body: form });
    expect(uploaded.status).toBe(200);
    expect(((await uploaded.json()) as { file: FileItem }).file.path).toBe(`${root}/assets/img/a.bin`);
    expect(await readFile(path.join(root, 'assets/img/a.bin'), 'utf8')).toBe('0123456789');

    const whole = await server.get('download', { path: `${root}/assets/img/a.bin`, root });
    expect(whole.headers.get('content-length')).toBe('10');
    expect(whole.headers.get('content-disposition')).toContain('attachment; filename="a.bin"');
    expect(await whole.text()).toBe('0123456789');
    const part = await server.get(
      'download',
      { path: `${root}/assets/img/a.bin`, root },
      { Range: 'bytes=-3' },
    );
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('789');
    const past = await server.get(
      'download',
      { path: `${root}/assets/img/a.bin`, root },
      { Range: 'bytes=50-' },
    );
    expect(past.status).toBe(416);
  });

  it('refuses an upload without a file, or whose file part comes before its path', async () => {
    const empty = new FormData();
    empty.set('path', root);
    expect((await fetch(`${server.url}/files/upload`, { method: 'POST', body: empty })).status).toBe(422);
    const early = new FormData();
    early.set('file', new Blob(['x']), 'x.txt');
    early.set('path', root);
    const refused = await fetch(`${server.url}/files/upload`, { method: 'POST', body: early });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe(FILE_MESSAGES.uploadFieldsFirst);
  });
});

describe('calls and scope', () => {
  it('answers 404 for an unknown call and 405 for a wrong method', async () => {
    expect((await server.send('POST', 'nope', {})).status).toBe(404);
    expect((await server.send('GET' as 'POST', 'mkdir', undefined)).status).toBe(405);
  });

  it('refuses every change with 403 when the token may only read, and still lists', async () => {
    const readOnly = await startFileServer({ canWrite: false });
    try {
      await writeFile(path.join(readOnly.root, 'a.txt'), 'a');
      const base = { root: readOnly.root };
      const calls: [string, string, Record<string, unknown>][] = [
        ['POST', 'mkdir', { ...base, path: readOnly.root, name: 'x' }],
        ['DELETE', 'delete', { ...base, path: [`${readOnly.root}/a.txt`] }],
        ['PUT', 'rename', { ...base, path: `${readOnly.root}/a.txt`, name: 'b' }],
        ['POST', 'save', { ...base, path: `${readOnly.root}/a.txt`, file: 'x' }],
        ['POST', 'compress', { ...base, path: [`${readOnly.root}/a.txt`] }],
        ['POST', 'decompress', { ...base, path: `${readOnly.root}/a.txt` }],
        ['POST', 'chmod', { ...base, path: `${readOnly.root}/a.txt`, mode: '777' }],
        ['POST', 'chown', { ...base, path: `${readOnly.root}/a.txt`, owner: 'root' }],
        ['POST', 'move', { ...base, path: `${readOnly.root}/a.txt`, destination: readOnly.root }],
        ['POST', 'copy', { ...base, path: `${readOnly.root}/a.txt`, destination: readOnly.root }],
        ['POST', 'remote-download', { ...base, path: readOnly.root, url: 'http://example.com/' }],
        ['POST', 'upload', {}],
      ];
      for (const [method, call, body] of calls) {
        const answer = await readOnly.send(method, call, body);
        expect({ call, status: answer.status, message: answer.body.message }).toEqual({
          call,
          status: 403,
          message: FILE_MESSAGES.readOnly,
        });
      }
      expect(await readFile(path.join(readOnly.root, 'a.txt'), 'utf8')).toBe('a');
      expect((await readOnly.send('POST', 'list', base)).status).toBe(200);
    } finally {
      await readOnly.close();
    }
  });

  it('gzips a listing when Accept-Encoding allows it, plain JSON otherwise', async () => {
    await mkdir(path.join(root, 'many'));
    for (let index = 0; index < 2500; index += 1) await writeFile(path.join(root, 'many', `f${index}`), '');
    const call = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        const request = httpRequest(
          `${server.url}/files/list`,
          { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': encoding } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ root, path: `${root}/many` }));
      });
    const zipped = await call('gzip, deflate');
    expect(zipped.encoding).toBe('gzip');
    const plain = await call('gzip;q=0, identity');
    expect(plain.encoding).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect((JSON.parse(plain.body.toString()) as { files: unknown[] }).files).toHaveLength(2500);
  });

  it('answers malformed JSON with 400, not a 500', async () => {
    const response = await fetch(`${server.url}/files/list`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{oops',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: FILE_MESSAGES.invalidRequest });
  });
});
