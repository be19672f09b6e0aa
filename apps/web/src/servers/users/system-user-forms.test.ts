import { describe, expect, it } from 'vitest';
import type { SystemUser } from '@hostdeck/contracts/system-users';
import { deleteBlocker, nameProblem, passwordProblem } from './system-user-forms';

const user = (overrides: Partial<SystemUser>): SystemUser => ({
  name: 'deploy',
  uid: 1001,
  home: '/home/deploy',
  shell: '/bin/bash',
  sudo: false,
  sudo_managed: false,
  sftp_only: false,
  disk_usage: 1,
  is_default: false,
  sites: [],
  deletable: true,
  ...overrides,
});

describe('system user forms', () => {
  it('checks names and passwords as the panel does', () => {
    expect(nameProblem('deploy')).toBeNull();
    for (const name of ['', 'Deploy', '-r', 'a b', 'x;id', 'a'.repeat(33)])
      expect(nameProblem(name)).not.toBeNull();
    expect(passwordProblem('', true)).toBeNull();
    expect(passwordProblem('', false)).toBe('users.form.passwordShort');
    expect(passwordProblem('short', true)).toBe('users.form.passwordShort');
    expect(passwordProblem('long enough\nroot:x', true)).toBe('users.form.passwordInvalid');
    expect(passwordProblem('long enough', false)).toBeNull();
  });

  it('says why a user cannot be deleted', () => {
    expect(deleteBlocker(user({}))).toBeNull();
    expect(deleteBlocker(user({ is_default: true, deletable: false }))!.key).toBe(
      'users.cannotDeleteDefault',
    );
    expect(deleteBlocker(user({ sites: [{ id: 1, name: 'a.test' }], deletable: false }))).toEqual({
      key: 'users.cannotDeleteSites',
      values: { sites: 'a.test' },
    });
    expect(deleteBlocker(user({ deletable: false }))!.key).toBe('users.cannotDeleteSpecial');
  });
});
