import { createDecipheriv, createHash } from 'node:crypto';
import { invalidField } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

/**
 * The save call's encrypted path (spec/001 §7: "On the private endpoint the path is encrypted with
 * AES-CBC and sent as hex iv:cipher"). The key is the SHA-256 of the file token string: the panel's
 * proxy and its logs carry the form, and only the token's holder and this agent can read the path
 * in it. The web side is apps/web/src/files/api/path-cipher.ts.
 */

/** The key of a verified token: computed in the main process, the only one that sees the token. */
export function pathKeyOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * `iv:cipher` is told from a plain path by its start: 32 hex digits and a colon. No path the web
 * sends starts so (they are absolute, or a name the user typed), and refusing such a name is
 * cheaper than guessing; the rest must then be whole AES blocks.
 */
const ENCRYPTED_START = /^[0-9a-fA-F]{32}:/;
const CIPHER_BLOCKS = /^(?:[0-9a-fA-F]{32})+$/;

/** `value` as the path it holds: plain as is, `iv:cipher` decrypted with `pathKey` (hex); else 422. */
export function decryptSavePath(value: string, pathKey: string | undefined): string {
  if (!ENCRYPTED_START.test(value)) return value;
  const refuse = () => invalidField('path', FILE_MESSAGES.invalidPath);
  const cipherHex = value.slice(33);
  if (!CIPHER_BLOCKS.test(cipherHex) || !pathKey || !/^[0-9a-f]{64}$/.test(pathKey)) throw refuse();
  let plain: Buffer;
  try {
    const decipher = createDecipheriv(
      'aes-256-cbc',
      Buffer.from(pathKey, 'hex'),
      Buffer.from(value.slice(0, 32), 'hex'),
    );
    plain = Buffer.concat([decipher.update(Buffer.from(cipherHex, 'hex')), decipher.final()]);
  } catch {
    // A wrong key or a forged cipher shows as bad PKCS#7 padding.
    throw refuse();
  }
  let path: string;
  try {
    path = new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw refuse();
  }
  if (path === '' || path.includes('\0')) throw refuse();
  return path;
}
