import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileAgentClient } from './file-agent-client';
import { encryptSavePath } from './path-cipher';

/**
 * The same known vector the agent decrypts with Node's crypto
 * (apps/agent/src/files/path-cipher.test.ts): WebCrypto here must produce it byte for byte.
 */
const VECTOR = {
  token: 'eyJ2IjoxfQ.known-vector-token',
  path: '/home/hostdeck/site.test/thư mục/index.php',
  iv: Uint8Array.from({ length: 16 }, (_, index) => index),
  encrypted:
    '000102030405060708090a0b0c0d0e0f:ab68dcdabae2781afc957fc42b93584ee648e4f09aaa43073ea21a1f17dace7f843e17ee2b08d15cc584b434fd7628c6',
};

describe('encryptSavePath', () => {
  it('encrypts the known vector as the agent expects it', async () => {
    expect(await encryptSavePath(VECTOR.path, VECTOR.token, VECTOR.iv)).toBe(VECTOR.encrypted);
  });

  it('uses a fresh random IV per call, and whole AES blocks', async () => {
    const first = await encryptSavePath('/a.txt', 'token');
    const second = await encryptSavePath('/a.txt', 'token');
    expect(first).toMatch(/^[0-9a-f]{32}:(?:[0-9a-f]{32})+$/);
    expect(first.slice(0, 32)).not.toBe(second.slice(0, 32));
    expect(first).not.toBe(second);
  });

  it('decrypts back with WebCrypto under the token’s key', async () => {
    const encrypted = await encryptSavePath(VECTOR.path, VECTOR.token);
    const [ivHex, cipherHex] = encrypted.split(':') as [string, string];
    const bytes = (hex: string) => Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(VECTOR.token));
    const key = await crypto.subtle.importKey('raw', digest, { name: 'AES-CBC' }, false, ['decrypt']);
    const plain = await crypto.subtle.decrypt({ name: 'AES-CBC', iv: bytes(ivHex) }, key, bytes(cipherHex));
    expect(new TextDecoder().decode(plain)).toBe(VECTOR.path);
  });
});

describe('FileAgentClient.save', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The path field the agent receives from a save through `publicEndpoint`. */
  async function sentPath(publicEndpoint: string): Promise<string> {
    const forms: FormData[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      forms.push(init.body as FormData);
      return new Response(JSON.stringify({ message: 'Done', file: {} }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = new FileAgentClient({
      endpoints: { public: publicEndpoint, private: 'https://panel.test/api/servers/4/agent' },
      token: VECTOR.token,
    });
    await client.save(VECTOR.path, 'content', true);
    return String(forms[0]!.get('path'));
  }

  it('encrypts the path on the private endpoint and sends it plain on the public one', async () => {
    const hidden = await sentPath('http://203.0.113.5:2022');
    expect(hidden).toMatch(/^[0-9a-f]{32}:(?:[0-9a-f]{32})+$/);
    expect(hidden).not.toContain('index.php');
    expect(await sentPath('https://agent.example.com')).toBe(VECTOR.path);
  });

  it('sends the path plain where the page has no WebCrypto (plain http by IP)', async () => {
    vi.stubGlobal('crypto', {});
    expect(await sentPath('http://203.0.113.5:2022')).toBe(VECTOR.path);
  });
});
