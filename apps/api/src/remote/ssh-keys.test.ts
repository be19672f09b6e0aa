import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import { describe, expect, it } from 'vitest';
import { generateSshKeyPair } from './ssh-keys.js';

describe('server key pairs', () => {
  it('are Ed25519 pairs that ssh2 reads, with matching halves, every time', () => {
    // ssh2's own generator gets about one key in 256 wrong: try enough to meet that case.
    for (let attempt = 0; attempt < 1500; attempt += 1) {
      const pair = generateSshKeyPair(`hostdeck-server-${attempt + 1}`);
      const parsed = ssh2.utils.parseKey(pair.privateKey);
      expect(parsed).not.toBeInstanceOf(Error);
      const key = parsed as ssh2.ParsedKey;
      expect(key.type).toBe('ssh-ed25519');
      expect(key.comment).toBe(`hostdeck-server-${attempt + 1}`);
      const [type, blob, comment] = pair.publicKey.split(' ');
      expect([type, comment]).toEqual(['ssh-ed25519', `hostdeck-server-${attempt + 1}`]);
      expect(key.getPublicSSH().toString('base64')).toBe(blob);
      // A signature made with the private half verifies with the public half.
      const data = Buffer.from(`check ${attempt}`);
      const signature = key.sign(data);
      const publicKey = ssh2.utils.parseKey(pair.publicKey) as ssh2.ParsedKey;
      expect(publicKey.verify(data, signature as Buffer)).toBe(true);
    }
  });

  it('are read by OpenSSH itself', () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-keys-'));
    try {
      const pair = generateSshKeyPair('hostdeck-server-7');
      const file = path.join(directory, 'id_ed25519');
      writeFileSync(file, pair.privateKey, { mode: 0o600 });
      expect(execFileSync('ssh-keygen', ['-y', '-f', file], { encoding: 'utf8' }).trim()).toBe(
        pair.publicKey.split(' ').slice(0, 2).join(' ') + ' hostdeck-server-7',
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('refuse a comment that is not a plain word', () => {
    expect(() => generateSshKeyPair('a b')).toThrow();
    expect(() => generateSshKeyPair("x'; touch /tmp/pwned")).toThrow();
  });
});
