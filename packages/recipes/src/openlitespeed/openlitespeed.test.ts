import { hasControlCharacters } from '@hostdeck/contracts';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import { runLikeSshd, splitNul } from '../testing/recipes.js';
import {
  InventoryFormatError,
  openlitespeedAdminPassword,
  openlitespeedInventory,
  openlitespeedPhpIniWrite,
  openlitespeedRecipes,
  parseOlsPhpIni,
  parseOpenlitespeedInventory,
} from './index.js';

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

describe('parseOpenlitespeedInventory', () => {
  it('reads an installed OpenLiteSpeed with its lsphp versions, newest first, and its admins', () => {
    const inventory = parseOpenlitespeedInventory(
      [
        'os\tubuntu-24.04',
        'installed\t1',
        'version\t1.8.3',
        'status\tactive',
        'php\t8.1\t/usr/local/lsws/lsphp81/etc/php/8.1/litespeed/php.ini',
        'php\t8.3\t/usr/local/lsws/lsphp83/etc/php/8.3/litespeed/php.ini',
        'php\t7.4\t-',
        'admin\tadmin',
        'end',
        '',
      ].join('\n'),
    );
    expect(inventory).toEqual({
      os: 'ubuntu-24.04',
      installed: true,
      version: '1.8.3',
      status: 'active',
      php: [
        { version: '8.3', iniPath: '/usr/local/lsws/lsphp83/etc/php/8.3/litespeed/php.ini' },
        { version: '8.1', iniPath: '/usr/local/lsws/lsphp81/etc/php/8.1/litespeed/php.ini' },
        { version: '7.4', iniPath: null },
      ],
      adminUsers: ['admin'],
    });
  });

  it('reads a server without it', () => {
    expect(
      parseOpenlitespeedInventory('os\tdebian-12\ninstalled\t0\nversion\t-\nstatus\t-\nend\n'),
    ).toMatchObject({ os: 'debian-12', installed: false, version: null, status: null, php: [] });
  });

  it.each([
    ['no end', 'os\tdebian-12\ninstalled\t0\n'],
    ['a foreign line', 'os\tdebian-12\ninstalled\t0\nhello\nend\n'],
    ['a line after the end', 'os\tdebian-12\ninstalled\t0\nend\nphp\t8.3\t-\n'],
    ['a bad php version', 'os\tdebian-12\ninstalled\t1\nphp\t8.3;id\t-\nend\n'],
    ['a php.ini outside lsws', 'os\tdebian-12\ninstalled\t1\nphp\t8.3\t/etc/passwd\nend\n'],
    ['the same version twice', 'os\tdebian-12\ninstalled\t1\nphp\t8.3\t-\nphp\t8.3\t-\nend\n'],
    ['no os', 'installed\t0\nend\n'],
  ])('refuses %s', (_label, text) => {
    expect(() => parseOpenlitespeedInventory(text)).toThrow(InventoryFormatError);
  });

  it('runs on this host (no OpenLiteSpeed here) and says it is not installed', async () => {
    const invocation = buildStepInvocation(openlitespeedInventory, 'read', {});
    const run = await runLikeSshd(invocation.command, invocation.stdin);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const inventory = parseOpenlitespeedInventory(run.stdout.toString('utf8'));
    expect(inventory.installed).toBe(false);
    expect(inventory.php).toEqual([]);
  });
});

describe('parseOlsPhpIni', () => {
  it('reads the path and the content as it is', () => {
    expect(
      parseOlsPhpIni('ini\t/usr/local/lsws/lsphp83/etc/php/8.3/litespeed/php.ini\t12\n[PHP]\na = 1\n'),
    ).toEqual({
      path: '/usr/local/lsws/lsphp83/etc/php/8.3/litespeed/php.ini',
      content: '[PHP]\na = 1\n',
    });
  });
  it('refuses another header', () => {
    expect(() => parseOlsPhpIni('[PHP]\n')).toThrow(InventoryFormatError);
  });
});

describe('inputs', () => {
  it('are registered as one list', () => {
    expect(openlitespeedRecipes.map((recipe) => recipe.id)).toEqual([
      'openlitespeed-inventory',
      'openlitespeed-php-ini-read',
      'openlitespeed-php-ini-write',
      'openlitespeed-admin-password',
      'openlitespeed-restart',
    ]);
  });

  it('send the php.ini and the password on stdin, never in the environment', () => {
    const ini = buildStepInvocation(openlitespeedPhpIniWrite, 'write', {
      version: '8.3',
      content_hex: hex('memory_limit = 512M\n'),
    });
    const iniParts = splitNul(ini.stdin);
    expect(iniParts.at(-1)!.toString()).toBe('memory_limit = 512M\n');
    expect(ini.stdin.toString().indexOf('memory_limit')).toBe(
      ini.stdin.toString().lastIndexOf('memory_limit'),
    );
    const password = buildStepInvocation(openlitespeedAdminPassword, 'password', {
      username: 'admin',
      password_hex: hex('s3cret pass!'),
    });
    expect(splitNul(password.stdin).at(-1)!.toString()).toBe('s3cret pass!');
    expect(password.command).not.toContain('s3cret');
  });

  it.each(SHELL_INJECTION_PAYLOADS.map((payload, index) => [index, payload] as const))(
    'takes or refuses injection payload %i as a password by its own rules (the text goes on stdin)',
    (_index, payload) => {
      // Newlines, control characters and blank ends are refused in the password itself.
      const value = hex(payload);
      const result = openlitespeedAdminPassword.input.safeParse({ username: 'admin', password_hex: value });
      const bad =
        hasControlCharacters(payload) ||
        payload.trim() !== payload ||
        payload.length < 8 ||
        payload.length > 128;
      expect(result.success).toBe(!bad);
    },
  );

  it.each([
    ['a NUL byte', 'a = 1\u0000'],
    ['an escape character', 'a = \u001b[31m'],
    ['invalid UTF-8', null],
  ])('refuses a php.ini with %s', (_label, text) => {
    const content_hex = text === null ? 'ff' : hex(text);
    expect(() =>
      buildStepInvocation(openlitespeedPhpIniWrite, 'write', { version: '8.3', content_hex }),
    ).toThrow(RecipeInputError);
  });

  it('refuses a php.ini larger than 512 KiB', () => {
    const content_hex = hex('a'.repeat(512 * 1024 + 1));
    expect(openlitespeedPhpIniWrite.input.safeParse({ version: '8.3', content_hex }).success).toBe(false);
  });

  it.each(['admin:root', '-admin', 'ad min', 'admin\n', ''])('refuses the user name %j', (username) => {
    expect(
      openlitespeedAdminPassword.input.safeParse({ username, password_hex: hex('long enough') }).success,
    ).toBe(false);
  });
});
