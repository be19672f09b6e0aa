import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import {
  InventoryFormatError,
  parseSystemUsersInventory,
  systemUserCreate,
  systemUserDelete,
  systemUserPassword,
  systemUserRecipes,
  systemUsersInventory,
  systemUsersSync,
  toPasswordHex,
} from './index.js';

const refuses = (recipe: typeof systemUserCreate, input: unknown, field: string) => {
  let caught: unknown;
  try {
    buildStepInvocation(recipe, recipe.steps[0]!.id, input);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(RecipeInputError);
  expect(Object.keys((caught as RecipeInputError).fieldErrors)).toContain(field);
};

describe('system users recipes', () => {
  it('lists every recipe of the area', () => {
    expect(systemUserRecipes.map((recipe) => recipe.id)).toEqual([
      'system-users-inventory',
      'system-user-create',
      'system-user-password',
      'system-user-delete',
      'system-users-sync',
    ]);
    expect(systemUsersInventory.steps[0]!.script).toBe('system-users/inventory.sh');
    expect(systemUsersSync.steps.map((step) => step.id)).toEqual(['sudo', 'sftp']);
  });

  it('sends the password on stdin only, never in the environment', () => {
    const password = 'p@ss word; $(rm -rf /)';
    const invocation = buildStepInvocation(systemUserCreate, 'user', {
      name: 'deploy',
      shell: '/bin/bash',
      password_hex: toPasswordHex(password),
      sudo: false,
      sftp_only: false,
    });
    const stdin = invocation.stdin.toString('utf8');
    expect(stdin.endsWith(`\0${password}`)).toBe(true);
    expect(stdin.split('\0').filter((part) => part.startsWith('HD_'))).toEqual([
      'HD_RECIPE_ID=system-user-create',
      'HD_SFTP_ONLY=0',
      'HD_SHELL=/bin/bash',
      'HD_STEP_ID=user',
      'HD_SUDO=0',
      'HD_USER=deploy',
    ]);
    expect(invocation.command).not.toContain(password);
    const change = buildStepInvocation(systemUserPassword, 'password', {
      name: 'hostdeck',
      password_hex: toPasswordHex('new one here'),
    });
    expect(change.stdin.toString('utf8').endsWith('\0new one here')).toBe(true);
  });

  it('maps nologin to /usr/sbin/nologin; an SFTP-only user gets no shell and no sudo', () => {
    const sftp = buildStepInvocation(systemUserCreate, 'user', {
      name: 'uploader',
      shell: 'nologin',
      sudo: false,
      sftp_only: true,
    });
    expect(sftp.stdin.toString('utf8')).toContain('HD_SHELL=/usr/sbin/nologin\0');
    refuses(
      systemUserCreate,
      { name: 'uploader', shell: '/bin/bash', sudo: false, sftp_only: true },
      'sftp_only',
    );
    refuses(
      systemUserCreate,
      { name: 'uploader', shell: 'nologin', sudo: true, sftp_only: true },
      'sftp_only',
    );
    refuses(
      systemUserCreate,
      { name: 'uploader', shell: '/bin/zsh', sudo: false, sftp_only: false },
      'shell',
    );
  });

  it('never takes a special user, nor the default one for create and delete', () => {
    for (const name of ['root', 'www-data', 'sshd', 'systemd-timesync', '_apt', 'hostdeck', 'Deploy', '-r']) {
      refuses(systemUserCreate, { name, shell: '/bin/sh', sudo: false, sftp_only: false }, 'name');
      refuses(systemUserDelete as never, { name }, 'name');
    }
    // The default user may get a new password.
    expect(() =>
      buildStepInvocation(systemUserPassword, 'password', { name: 'hostdeck', password_hex: '6162' }),
    ).not.toThrow();
    refuses(systemUserPassword as never, { name: 'root', password_hex: '6162' }, 'name');
    refuses(systemUserPassword as never, { name: 'deploy', password_hex: 'not hex' }, 'password_hex');
  });
});

describe('parseSystemUsersInventory', () => {
  it('reads users, their home folders and the end', () => {
    const inventory = parseSystemUsersInventory(
      [
        'user\thostdeck\t1000\t/home/hostdeck\t/bin/bash\t0\t0\t0\t12345',
        'dir\thostdeck\texample.com\t1000',
        'user\tuploader\t1001\t/home/uploader\t/usr/sbin/nologin\t0\t0\t1\t-',
        'user\tops\t1002\t-\t-\t1\t1\t0\t0',
        'end',
        '',
      ].join('\n'),
    );
    expect(inventory.users.map((user) => [user.name, user.sudo, user.sftpOnly, user.diskUsage])).toEqual([
      ['hostdeck', false, false, 12345],
      ['uploader', false, true, null],
      ['ops', true, false, 0],
    ]);
    expect(inventory.users[0]!.folders.get('example.com')).toBe(1000);
    expect(inventory.users[2]).toMatchObject({ home: null, shell: null, sudoManaged: true });
  });

  it('refuses anything else', () => {
    for (const output of [
      '',
      'user\thostdeck\t1000\t/home/hostdeck\t/bin/bash\t0\t0\t0\t1\n',
      'user\tRoot\t1000\t/home/x\t/bin/bash\t0\t0\t0\t1\nend\n',
      'user\tx\t1000\t/home/x y\t/bin/bash\t0\t0\t0\t1\nend\n',
      'user\tx\t1000\t/home/x\t/bin/bash\t2\t0\t0\t1\nend\n',
      'dir\tghost\tsite.com\t1\nend\n',
      'user\tx\t1000\t/home/x\t/bin/bash\t0\t0\t0\t1\ndir\tx\t../etc\t1\nend\n',
      'end\nuser\tx\t1000\t/home/x\t/bin/bash\t0\t0\t0\t1\n',
      'something else\nend\n',
    ]) {
      expect(() => parseSystemUsersInventory(output), JSON.stringify(output)).toThrow(InventoryFormatError);
    }
  });
});
