import { lstat, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPathText } from './confine.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { startFileServer, type FileTestServer } from './testing/file-server.js';

/**
 * SECURITY.md, path traversal and symlinks: every attack goes through handleFileRequest on a real
 * HTTP server, must answer a 4xx, and must leave everything outside the root as it was.
 */

let server: FileTestServer;
let root: string;
let outside: string;
let before: string[];

beforeEach(async () => {
  server = await startFileServer();
  ({ root, outside } = server);
  await writeFile(path.join(outside, 'secret.txt'), 'secret');
  await mkdir(path.join(root, 'public'));
  await writeFile(path.join(root, 'public/index.html'), 'hi');
  await symlink('/etc', path.join(root, 'etc-link'));
  await symlink(outside, path.join(root, 'out-link'));
  await symlink(path.join(outside, 'secret.txt'), path.join(root, 'out-file'));
  await symlink(path.join(outside, 'created-through-link'), path.join(root, 'dangling'));
  await symlink('../outside/secret.txt', path.join(root, 'relative-out'));
  before = await server.outsideSnapshot();
});

afterEach(async () => {
  try {
    expect(await server.outsideSnapshot()).toEqual(before);
  } finally {
    await server.close();
  }
});

/** Links that sit inside the root but lead out: the link itself may be deleted, renamed, moved or copied. */
const OUTWARD_LINKS = ['etc-link', 'out-link', 'out-file', 'relative-out', 'dangling'];

/** Paths that must never reach outside the root, whatever the call. */
function hostilePaths(): string[] {
  return [
    `${root}/../outside/secret.txt`,
    '../outside/secret.txt',
    `${root}/public/../../outside/secret.txt`,
    `${root}/%2e%2e/outside/secret.txt`,
    `${root}/%2E%2e/%2e%2e/etc/passwd`,
    `${root}/%252e%252e/outside`,
    `${root}/.%2e/outside`,
    `${root}\\..\\outside\\secret.txt`,
    '..\\..\\etc\\passwd',
    `${outside}/secret.txt`,
    outside,
    '/etc/passwd',
    '/etc',
    `${root}/etc-link/passwd`,
    `${root}/etc-link`,
    `${root}/out-link/secret.txt`,
    `${root}/out-link`,
    `${root}/out-file`,
    `${root}/relative-out`,
    `${root}/dangling`,
    `${root}/a\u0000b`,
    `${root}/a\nb`,
    `${root}-sibling/x`,
  ];
}

function expectRefused(call: string, target: string, status: number) {
  expect({ call, target, refused: status >= 400 && status < 500 }).toEqual({ call, target, refused: true });
}

describe('path traversal and symlinks', () => {
  it('refuses every hostile path for reads: list, view, download', async () => {
    for (const hostile of hostilePaths()) {
      expectRefused('list', hostile, (await server.send('POST', 'list', { root, path: hostile })).status);
      expectRefused('view', hostile, (await server.get('view', { root, path: hostile, limit: '-1' })).status);
      expectRefused('download', hostile, (await server.get('download', { root, path: hostile })).status);
    }
  });

  it('refuses every hostile path for changes', async () => {
    for (const hostile of hostilePaths()) {
      const isOutwardLink = OUTWARD_LINKS.some((link) => hostile === `${root}/${link}`);
      const onTheLinkItself: [string, string, Record<string, unknown>][] = [
        ['DELETE', 'delete', { root, path: [hostile] }],
        ['PUT', 'rename', { root, path: hostile, name: 'renamed' }],
        ['POST', 'move', { root, path: hostile, destination: `${root}/public` }],
        ['POST', 'copy', { root, path: hostile, destination: `${root}/public` }],
      ];
      const calls: [string, string, Record<string, unknown>][] = [
        ...(isOutwardLink ? [] : onTheLinkItself),
        ['POST', 'chmod', { root, path: hostile, mode: '777' }],
        ['POST', 'chown', { root, path: hostile, owner: 'root', group: 'root' }],
        ['POST', 'mkdir', { root, path: hostile, name: 'made' }],
        ['POST', 'save', { root, path: hostile, file: 'pwned', new: true }],
        ['POST', 'save', { root, path: hostile, file: 'pwned' }],
        ['POST', 'compress', { root, path: [hostile], type: 'zip' }],
        ['POST', 'decompress', { root, path: hostile }],
        ['POST', 'move', { root, path: `${root}/public/index.html`, destination: hostile }],
        ['POST', 'copy', { root, path: `${root}/public`, destination: hostile }],
        ['POST', 'remote-download', { root, path: hostile, url: 'http://192.0.2.1/x', name: 'x' }],
      ];
      for (const [method, call, body] of calls)
        expectRefused(call, hostile, (await server.send(method, call, body)).status);
    }
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    expect(await readFile(path.join(root, 'public/index.html'), 'utf8')).toBe('hi');
  });

  it('refuses a payload root outside the scope root', async () => {
    for (const hostileRoot of ['/', outside, `${root}/..`, `${root}/etc-link`, 'relative']) {
      expectRefused(
        'list',
        hostileRoot,
        (await server.send('POST', 'list', { root: hostileRoot, path: 'secret.txt' })).status,
      );
    }
  });

  it('deletes, renames and copies an outward link itself, never what it points at', async () => {
    expect(
      (await server.send('POST', 'copy', { root, path: `${root}/etc-link`, destination: `${root}/public` }))
        .status,
    ).toBe(200);
    expect((await lstat(path.join(root, 'public/etc-link'))).isSymbolicLink()).toBe(true);
    expect(
      (await server.send('PUT', 'rename', { root, path: `${root}/out-link`, name: 'renamed-link' })).status,
    ).toBe(200);
    const deleted = await server.send('DELETE', 'delete', {
      root,
      path: [`${root}/renamed-link`, `${root}/out-file`, `${root}/public/etc-link`],
    });
    expect(deleted.status).toBe(200);
    await expect(lstat(path.join(root, 'renamed-link'))).rejects.toThrow();
    expect((await lstat('/etc/passwd')).isFile()).toBe(true);
  });

  it('answers "Cannot open symbolic link to root directory" for a link leading out', async () => {
    for (const link of ['etc-link', 'out-file', 'relative-out']) {
      const answer = await server.send('POST', 'list', { root, path: `${root}/${link}` });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(FILE_MESSAGES.symlinkOutsideRoot);
    }
  });

  it('never writes through a dangling link, a link to a folder outside, or a name with a slash', async () => {
    const upload = async (name: string, folder = root) => {
      const form = new FormData();
      form.set('root', root);
      form.set('path', folder);
      form.set('name', name);
      form.set('file', new Blob(['pwned']), 'x');
      return (await fetch(`${server.url}/files/upload`, { method: 'POST', body: form })).status;
    };
    expectRefused('upload', 'dangling', await upload('dangling'));
    expectRefused('upload', 'out-link/x', await upload('out-link/x'));
    expectRefused('upload', '../x', await upload('../x'));
    expectRefused('upload', 'into out-link', await upload('x', `${root}/out-link`));
    expectRefused('upload', 'into etc-link', await upload('hd-pwned', `${root}/etc-link`));
    expectRefused(
      'mkdir',
      'out-link/made',
      (await server.send('POST', 'mkdir', { root, path: root, name: 'out-link/made' })).status,
    );
    expectRefused(
      'mkdir',
      '../made',
      (await server.send('POST', 'mkdir', { root, path: root, name: '../made' })).status,
    );
    expectRefused(
      'rename',
      '../x',
      (await server.send('PUT', 'rename', { root, path: `${root}/public`, name: '../x' })).status,
    );
    expectRefused(
      'compress name',
      '../x.zip',
      (await server.send('POST', 'compress', { root, path: [`${root}/public`], name: '../x.zip' })).status,
    );
    await expect(lstat(path.join(outside, 'created-through-link'))).rejects.toThrow();
    await expect(lstat('/etc/hd-pwned')).rejects.toThrow();
  });

  it('lets links inside the root work, and archives links as links without what they point at', async () => {
    await symlink(path.join(root, 'public'), path.join(root, 'inside-link'));
    const view = await server.get('view', { root, path: `${root}/inside-link/index.html` });
    expect(await view.text()).toBe('hi');
    const compressed = await server.send('POST', 'compress', {
      root,
      path: [root],
      type: 'zip',
      name: 'all.zip',
    });
    expect(compressed.status).toBe(200);
    const zip = await yauzl.openPromise(path.join(root, 'all.zip'), { lazyEntries: true });
    const names: string[] = [];
    for await (const entry of zip.eachEntry()) names.push(entry.fileName);
    zip.close();
    expect(names).toContain('root/out-link');
    expect(names.some((name) => name.includes('secret'))).toBe(false);
    expect(names.some((name) => name.startsWith('root/etc-link/'))).toBe(false);
  });

  it('works when the scope root itself is reached through a link', async () => {
    const linkedRoot = path.join(root, 'self-link');
    await symlink(root, linkedRoot);
    const viaLink = await startFileServer({ root: linkedRoot });
    try {
      await writeFile(path.join(root, 'x.txt'), 'x');
      const listed = await viaLink.send('POST', 'list', { root: linkedRoot, path: linkedRoot });
      expect(listed.status).toBe(200);
      expect((listed.body.files as { path: string }[]).map((item) => item.path)).toContain(
        `${linkedRoot}/x.txt`,
      );
      expect(
        (await viaLink.send('POST', 'list', { root: linkedRoot, path: `${linkedRoot}/out-link` })).status,
      ).toBe(403);
    } finally {
      await viaLink.close();
    }
  });
});

describe('checkPathText', () => {
  it('rejects traversal markers before touching the file system', () => {
    for (const bad of [
      '..',
      'a/../b',
      '%2e%2e',
      'a/%2E%2E/b',
      '.%2e',
      '%2e.',
      '%252e%252e',
      'a\\b',
      'a\u0000b',
      'a\rb',
      '',
    ]) {
      expect(() => checkPathText(bad), bad).toThrow();
    }
    for (const good of ['/a/b', 'a.b', '...', '.env', 'a%20b', '%2e%2ex', '/srv/www/.well-known']) {
      expect(checkPathText(good)).toBe(good);
    }
  });
});
