import { describe, expect, it } from 'vitest';
import { SSH_PUBLIC_KEY_MESSAGES, parseSshPublicKey, sshPublicKeySchema } from './ssh-public-key.js';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKlx2J2mKyy0n3ZXqP7bx3oXbJ3E2fC5fGc4kK9sW8YV';

describe('sshPublicKeySchema', () => {
  it('takes one OpenSSH key line and normalizes its spaces', () => {
    expect(sshPublicKeySchema.parse(`  ${KEY}   me@laptop \n`.replace('\n', ''))).toBe(`${KEY} me@laptop`);
    expect(parseSshPublicKey(KEY)).toMatchObject({ type: 'ssh-ed25519', comment: null });
  });

  it.each([
    ['a second line', `${KEY}\nssh-ed25519 AAAA`],
    ['a carriage return', `${KEY}\r`],
    ['a NUL', `${KEY}\0`],
    ['an unknown type', KEY.replace('ssh-ed25519', 'ssh-dss')],
    ['a blob of another type', KEY.replace('ssh-ed25519', 'ssh-rsa')],
    ['a blob that is not base64', 'ssh-ed25519 AAAA$(id)AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a comment with shell characters', `${KEY} $(reboot)`],
    ['a comment with quotes', `${KEY} "x"`],
  ])('refuses %s', (_, value) => {
    expect(sshPublicKeySchema.safeParse(value).success).toBe(false);
  });

  it.each(['command="/bin/sh" ', 'from="10.0.0.1" ', 'no-pty ', 'restrict,command="x" '])(
    'refuses options (%s) with their own message',
    (options) => {
      expect(parseSshPublicKey(`${options}${KEY}`)).toEqual({ error: SSH_PUBLIC_KEY_MESSAGES.options });
    },
  );
});
