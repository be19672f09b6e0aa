import { describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from './testing/injection-payloads.js';
import {
  createSystemUserRequestSchema,
  deleteSystemUserParamsSchema,
  SYSTEM_USER_MESSAGES,
  systemUserParamsSchema,
  systemUserPasswordRequestSchema,
} from './system-users.js';

describe('system users contract', () => {
  it('creates with defaults: bash, no password, no sudo, not SFTP-only', () => {
    expect(createSystemUserRequestSchema.parse({ name: 'deploy' })).toEqual({
      name: 'deploy',
      shell: '/bin/bash',
      sudo: false,
      sftp_only: false,
    });
  });

  it('refuses sudo for an SFTP-only user', () => {
    const result = createSystemUserRequestSchema.safeParse({ name: 'deploy', sudo: true, sftp_only: true });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(SYSTEM_USER_MESSAGES.sudoAndSftp);
  });

  it('refuses special users and the default one as a new or deleted user', () => {
    for (const name of ['root', 'www-data', 'hostdeck', 'systemd-network', '_apt', 'sshd']) {
      expect(createSystemUserRequestSchema.safeParse({ name }).success, name).toBe(false);
      expect(deleteSystemUserParamsSchema.safeParse({ user: name }).success, name).toBe(false);
    }
    expect(systemUserParamsSchema.safeParse({ user: 'hostdeck' }).success).toBe(true);
    expect(systemUserParamsSchema.safeParse({ user: 'root' }).success).toBe(false);
  });

  it('refuses every injection payload in the name, the shell and the user', () => {
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      expect(createSystemUserRequestSchema.safeParse({ name: payload }).success).toBe(false);
      expect(createSystemUserRequestSchema.safeParse({ name: 'deploy', shell: payload }).success).toBe(false);
      expect(systemUserParamsSchema.safeParse({ user: payload }).success).toBe(false);
      expect(deleteSystemUserParamsSchema.safeParse({ user: payload }).success).toBe(false);
    }
  });

  it('takes any printable password of 8-128 characters, never a control character', () => {
    expect(systemUserPasswordRequestSchema.safeParse({ password: `a b'c"$(x);\`y\`` }).success).toBe(true);
    for (const password of [
      'short',
      'x'.repeat(129),
      'abcdefgh\nroot:x',
      'abcdefgh\r',
      'abc\u0000defgh',
      'abcdefgh\u2028',
    ]) {
      expect(systemUserPasswordRequestSchema.safeParse({ password }).success, JSON.stringify(password)).toBe(
        false,
      );
    }
  });
});
