import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 3));

  it('seals and opens, never storing the plaintext', () => {
    const sealed = box.seal('-----BEGIN OPENSSH PRIVATE KEY-----', 'servers.private_key');
    expect(sealed).not.toContain('OPENSSH');
    expect(box.open(sealed, 'servers.private_key')).toBe('-----BEGIN OPENSSH PRIVATE KEY-----');
  });

  it('refuses a value sealed for another purpose, or tampered with, or under another key', () => {
    const sealed = box.seal('secret', 'servers.password');
    expect(() => box.open(sealed, 'servers.private_key')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    const tampered = `v1:${raw.toString('base64')}`;
    expect(() => box.open(tampered, 'servers.password')).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 4)).open(sealed, 'servers.password')).toThrow();
  });
});
