import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileError } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { decryptSavePath, pathKeyOf } from './path-cipher.js';
import { startFileServer, type FileTestServer } from './testing/file-server.js';

/**
 * The known vector the web's WebCrypto side encrypts to the same text
 * (apps/web/src/files/api/path-cipher.test.ts): both sides must agree byte for byte.
 */
const VECTOR = {
  token: 'eyJ2IjoxfQ.known-vector-token',
  key: '31db4cb2b90b3799a10bcb5f3cf14300d4a22b5715cf957a14e167854a2d78c6',
  path: '/home/hostdeck/site.test/thư mục/index.php',
  encrypted:
    '000102030405060708090a0b0c0d0e0f:ab68dcdabae2781afc957fc42b93584ee648e4f09aaa43073ea21a1f17dace7f843e17ee2b08d15cc584b434fd7628c6',
};

/** What the browser sends (AES-256-CBC, PKCS#7, key = SHA-256 of the token), made with Node. */
function encrypt(text: string | Buffer, token: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', createHash('sha256').update(token).digest(), iv);
  const body = Buffer.concat([
    cipher.update(typeof text === 'string' ? Buffer.from(text) : text),
    cipher.final(),
  ]);
  return `${iv.toString('hex')}:${body.toString('hex')}`;
}

function refusal(run: () => unknown): FileError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof FileError) return error;
    throw error;
  }
  return undefined;
}

describe('the save path cipher', () => {
  it('derives the key from the token and decrypts the known vector', () => {
    expect(pathKeyOf(VECTOR.token)).toBe(VECTOR.key);
    expect(decryptSavePath(VECTOR.encrypted, VECTOR.key)).toBe(VECTOR.path);
    expect(decryptSavePath(VECTOR.encrypted.toUpperCase(), VECTOR.key)).toBe(VECTOR.path);
  });

  it('passes plain paths through, colons and hex included', () => {
    for (const plain of ['/home/a/b.txt', 'folder/new.txt', 'a:b', 'deadbeef:cafe', `/${'a'.repeat(32)}:x`]) {
      expect(decryptSavePath(plain, VECTOR.key)).toBe(plain);
      expect(decryptSavePath(plain, undefined)).toBe(plain);
    }
  });

  it('refuses malformed or undecryptable values with 422 on the path field', () => {
    const iv = '00'.repeat(16);
    const wrongKey = pathKeyOf('another token');
    const cases: [string, string | undefined][] = [
      [`${iv}:`, VECTOR.key],
      [`${iv}:abc`, VECTOR.key],
      [`${iv}:${'0'.repeat(31)}z`, VECTOR.key],
      [`${iv}:${'ab'.repeat(16)}:${'ab'.repeat(16)}`, VECTOR.key],
      [VECTOR.encrypted, wrongKey],
      [VECTOR.encrypted, undefined],
      [VECTOR.encrypted, 'not-a-key'],
      [encrypt('', VECTOR.token), VECTOR.key],
      [encrypt(Buffer.from([0xff, 0xfe, 0x2f]), VECTOR.token), VECTOR.key],
      [encrypt('/a\0b', VECTOR.token), VECTOR.key],
    ];
    for (const [value, key] of cases) {
      const error = refusal(() => decryptSavePath(value, key));
      expect(error, value).toBeDefined();
      expect(error!.status).toBe(422);
      expect(error!.errors).toEqual({ path: FILE_MESSAGES.invalidPath });
    }
  });
});

describe('POST /files/save with an encrypted path', () => {
  const token = 'header.payload-signature';
  let server: FileTestServer;
  beforeEach(async () => {
    server = await startFileServer({ pathKey: pathKeyOf(token) });
  });
  afterEach(async () => server.close());

  const save = (pathValue: string, content: string, isNew: boolean) => {
    const form = new FormData();
    form.set('root', server.root);
    form.set('path', pathValue);
    form.set('new', isNew ? '1' : '0');
    form.set('file', new Blob([content]), 'content');
    return fetch(`${server.url}/files/save`, { method: 'POST', body: form });
  };

  it('writes the file the cipher names, as with a plain path', async () => {
    const target = path.join(server.root, 'notes', 'a.txt');
    const created = await save(encrypt(target, token), 'secret path ✓', true);
    expect(created.status, await created.clone().text()).toBe(200);
    expect(await readFile(target, 'utf8')).toBe('secret path ✓');
    await writeFile(path.join(server.root, 'plain.txt'), 'old');
    expect((await save(path.join(server.root, 'plain.txt'), 'new', false)).status).toBe(200);
    expect(await readFile(path.join(server.root, 'plain.txt'), 'utf8')).toBe('new');
  });

  it('refuses a path encrypted with another token (422) and writes nothing', async () => {
    const before = await server.outsideSnapshot();
    const refused = await save(encrypt(path.join(server.root, 'x.txt'), 'other token'), 'x', true);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: { path: FILE_MESSAGES.invalidPath } });
    const listed = await server.send('POST', 'list', { path: server.root, root: server.root });
    expect(listed.body.files).toEqual([]);
    expect(await server.outsideSnapshot()).toEqual(before);
  });

  it('still confines a decrypted path to the root', async () => {
    const escaped = await save(encrypt(path.join(server.outside, 'x.txt'), token), 'x', true);
    expect([400, 403]).toContain(escaped.status);
    expect(await server.outsideSnapshot()).not.toContain('outside/x.txt:1');
  });
});
