import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (server private keys, passwords while they are needed, provider tokens) are
 * sealed with AES-256-GCM under a key derived from APP_KEY (ARCHITECTURE.md, Data). The stored
 * form is `v1:` + base64(iv ‖ tag ‖ ciphertext); the purpose is bound as associated data, so a
 * value sealed for one column cannot be replayed into another.
 */
export interface SecretBox {
  seal(plaintext: string, purpose: string): string;
  open(sealed: string, purpose: string): string;
}

export function createSecretBox(appKey: Buffer): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appKey, Buffer.alloc(0), 'hostdeck secrets v1', 32));
  return {
    seal(plaintext, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
    },
    open(sealed, purpose) {
      if (!sealed.startsWith('v1:')) throw new Error('Unknown secret format');
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
