import { generateKeyPairSync, randomBytes } from 'node:crypto';

export interface SshKeyPair {
  /** One OpenSSH line: `ssh-ed25519 AAAA… comment`. */
  publicKey: string;
  /** OpenSSH private key format, unencrypted: the caller seals it before storing it. */
  privateKey: string;
}

const KEY_TYPE = 'ssh-ed25519';

/** An SSH wire-format string (RFC 4251 §5): length, then the bytes. */
function sshString(value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

/**
 * A fresh Ed25519 key pair for one server (ARCHITECTURE.md, Remote execution: every server has
 * its own key, so forgetting one server never touches another), in OpenSSH's formats.
 *
 * Encoded here from Node's raw key bytes rather than with ssh2's generateKeyPairSync, which drops a
 * leading zero byte of the public key (about one key in 256 comes out 31 bytes long, and neither
 * sshd nor ssh2 itself accepts it).
 */
export function generateSshKeyPair(comment: string): SshKeyPair {
  if (!/^[A-Za-z0-9@._-]{1,64}$/.test(comment)) throw new Error('A key comment is a short plain word');
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const publicJwk = publicKey.export({ format: 'jwk' });
  const privateJwk = privateKey.export({ format: 'jwk' });
  const raw = Buffer.from(publicJwk.x!, 'base64url');
  const seed = Buffer.from(privateJwk.d!, 'base64url');
  if (raw.length !== 32 || seed.length !== 32) throw new Error('Unexpected Ed25519 key size');

  const publicBlob = Buffer.concat([sshString(KEY_TYPE), sshString(raw)]);
  // openssh-key-v1 (OpenSSH PROTOCOL.key): one key, no cipher, the private section padded to 8.
  const check = randomBytes(4);
  let privateSection = Buffer.concat([
    check,
    check,
    sshString(KEY_TYPE),
    sshString(raw),
    sshString(Buffer.concat([seed, raw])),
    sshString(comment),
  ]);
  const padding = Buffer.from(
    Array.from({ length: (8 - (privateSection.length % 8)) % 8 }, (_, index) => index + 1),
  );
  privateSection = Buffer.concat([privateSection, padding]);
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0', 'latin1'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    uint32(1),
    sshString(publicBlob),
    sshString(privateSection),
  ]);
  const lines = body.toString('base64').match(/.{1,70}/g) ?? [];
  return {
    publicKey: `${KEY_TYPE} ${publicBlob.toString('base64')} ${comment}`,
    privateKey: [
      '-----BEGIN OPENSSH PRIVATE KEY-----',
      ...lines,
      '-----END OPENSSH PRIVATE KEY-----',
      '',
    ].join('\n'),
  };
}
