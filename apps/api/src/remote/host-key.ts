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
  const [type, encoded] = openSshLine.trim().split(/\s+/);
  const blob = Buffer.from(encoded ?? '', 'base64');
  // The blob starts with its own key type (RFC 4253 §6.6), which must match the line's.
  const typeLength = blob.length >= 4 ? blob.readUInt32BE(0) : -1;
  if (!type || typeLength !== type.length || blob.subarray(4, 4 + typeLength).toString('latin1') !== type) {
    throw new Error('Not an OpenSSH public key line');
  }
  return hostKeyFingerprint(blob);
}
