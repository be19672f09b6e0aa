import { z } from 'zod';
import { hasControlCharacters } from './grammars.js';

/**
 * The grammar of an SSH public key the panel puts in an `authorized_keys` file (issue 17; server
 * keys, account keys, grant-root). One OpenSSH line, `TYPE BASE64 [COMMENT]`, and nothing else:
 * no options (`command=`, `from=`, `environment=`… would run before the key is even read), no
 * second line, no control character. The blob must decode and name the same type. The server
 * checks it once more with `ssh-keygen -l` before writing it.
 */
export const SSH_KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
] as const;

export const SSH_PUBLIC_KEY_MAX_LENGTH = 16_384;
const COMMENT_PATTERN = /^[A-Za-z0-9@._+=:,/-]{1,200}$/;
const BASE64_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;

export const SSH_PUBLIC_KEY_MESSAGES = {
  invalid: 'This is not an SSH public key: paste one line such as "ssh-ed25519 AAAA… name"',
  options: 'A key with options (command=, from=…) cannot be added',
} as const;

export interface ParsedSshPublicKey {
  type: (typeof SSH_KEY_TYPES)[number];
  /** The key blob, base64, as written. */
  blob: string;
  comment: string | null;
}

function decodeBase64(text: string): Uint8Array | null {
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The key, or why not (a message of SSH_PUBLIC_KEY_MESSAGES). Surrounding spaces are trimmed. */
export function parseSshPublicKey(value: string): ParsedSshPublicKey | { error: string } {
  const invalid = { error: SSH_PUBLIC_KEY_MESSAGES.invalid };
  if (value.length > SSH_PUBLIC_KEY_MAX_LENGTH) return invalid;
  // Any control character (a newline is a second line of authorized_keys) is refused outright.
  if (hasControlCharacters(value)) return invalid;
  const parts = value.trim().split(/ +/);
  const [type, blob, ...rest] = parts;
  if (!type || !(SSH_KEY_TYPES as readonly string[]).includes(type)) {
    return /^[a-z-]+=|^(?:cert-authority|no-|restrict)/i.test(value.trim())
      ? { error: SSH_PUBLIC_KEY_MESSAGES.options }
      : invalid;
  }
  if (!blob || !BASE64_PATTERN.test(blob) || blob.length < 40) return invalid;
  const comment = rest.length > 0 ? rest.join(' ') : null;
  if (comment !== null && !rest.every((word) => COMMENT_PATTERN.test(word))) return invalid;
  const bytes = decodeBase64(blob);
  if (!bytes || bytes.length < 8) return invalid;
  const length = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const named = String.fromCharCode(...bytes.slice(4, 4 + length));
  if (length !== type.length || named !== type) return invalid;
  return { type: type as ParsedSshPublicKey['type'], blob, comment };
}

/** The key as the panel writes it: `TYPE BLOB [COMMENT]`, single spaces. */
export function normalizeSshPublicKey(key: ParsedSshPublicKey): string {
  return [key.type, key.blob, key.comment].filter(Boolean).join(' ');
}

/** A field holding one SSH public key; the value comes out normalized. */
export const sshPublicKeySchema = z.string().transform((value, context) => {
  const parsed = parseSshPublicKey(value);
  if ('error' in parsed) {
    context.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return normalizeSshPublicKey(parsed);
});

/** `SHA256:` and unpadded base64 of 43 characters, as `ssh-keygen -l` prints it. */
export const sshFingerprintSchema = z.string().regex(/^SHA256:[A-Za-z0-9+/]{43}$/, 'Invalid key fingerprint');
