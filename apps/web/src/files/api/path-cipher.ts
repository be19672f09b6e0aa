/**
 * spec/001 §7: "On the private endpoint the path is encrypted with AES-CBC and sent as hex
 * iv:cipher". AES-256-CBC (PKCS#7, WebCrypto's only CBC padding) under the SHA-256 of the file
 * token string, a fresh random 16-byte IV per call: the panel's proxy, which relays the save
 * form, then never reads the path. No constant key lives in this bundle; the agent holds the same
 * token and decrypts (apps/agent/src/files/path-cipher.ts).
 */
export async function encryptSavePath(
  path: string,
  token: string,
  iv: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(16)),
): Promise<string> {
  const encoder = new TextEncoder();
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(token));
  const key = await crypto.subtle.importKey('raw', digest, { name: 'AES-CBC' }, false, ['encrypt']);
  const cipher = await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, key, encoder.encode(path));
  return `${toHex(iv)}:${toHex(new Uint8Array(cipher))}`;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * WebCrypto exists only in secure contexts (https, localhost). A panel opened over plain http by
 * IP has none: the path then goes plain, which the agent accepts, and hides nothing less than the
 * plain-http page itself does.
 */
export function canEncryptPaths(): boolean {
  return typeof globalThis.crypto?.subtle?.encrypt === 'function';
}
