import { createHash } from 'node:crypto';

/**
 * The fingerprint OpenSSH prints for a host key (`ssh-keygen -lf`, the "key fingerprint is"
 * line): "SHA256:" and the unpadded base64 of the SHA-256 of the raw public key blob (the
 * wire format, as in the second field of a `.pub` file).
 */
export function hostKeyFingerprint(keyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

/** The fingerprint of an OpenSSH public key line ("ssh-ed25519 AAAA… comment"). */
export function publicKeyFingerprint(openSshLine: string): string {
  const blob = openSshLine.trim().split(/\s+/)[1];
  if (!blob || !/^[A-Za-z0-9+/]+={0,2}$/.test(blob)) throw new Error('Not an OpenSSH public key line');
  return hostKeyFingerprint(Buffer.from(blob, 'base64'));
}
