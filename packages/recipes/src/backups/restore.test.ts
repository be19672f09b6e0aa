import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from '@hostdeck/contracts/testing';
import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError, type Recipe } from '../recipe.js';
import { splitNul } from '../testing/recipes.js';
import {
  backupDownload,
  backupRecipes,
  backupRestore,
  backupVerify,
  parseBackupDownloadOutput,
  parseBackupVerifyOutput,
  toSecretHex,
} from './index.js';

/** The environment pairs of an invocation's frame (before the script). */
function environmentOf(stdin: Buffer): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const part of splitNul(stdin)) {
    if (part.length === 0) break;
    const text = part.toString('utf8');
    const equals = text.indexOf('=');
    environment[text.slice(0, equals)] = text.slice(equals + 1);
  }
  return environment;
}

/** The secret: what follows the script (the frame's last part). */
function secretOf(stdin: Buffer): string {
  return stdin.subarray(stdin.lastIndexOf(0) + 1).toString('utf8');
}

function build(recipe: Recipe, input: unknown) {
  return buildStepInvocation(recipe, recipe.steps[0]!.id, input);
}

/** The field errors of an input the builder refuses (fails the test when it is accepted). */
function refusal(recipe: Recipe, input: unknown): Record<string, string[]> {
  try {
    build(recipe, input);
  } catch (error) {
    expect(error).toBeInstanceOf(RecipeInputError);
    return (error as RecipeInputError).fieldErrors;
  }
  throw new Error(`${recipe.id} accepted ${JSON.stringify(input)}`);
}

const PASSWORD = toSecretHex('correct-horse-battery-staple');
const SSH_KEY = toSecretHex(
  `-----BEGIN OPENSSH PRIVATE KEY-----\n${'b3BlbnNzaC1rZXktdjEAAAAA'.repeat(4)}\n-----END OPENSSH PRIVATE KEY-----\n`,
);

const siteRestore = {
  kind: 'site',
  config_id: 7,
  snapshot_id: '0123abcd',
  source_root: '/home/shop/shop.example.com',
  target_root: '/home/shop/shop.example.com',
  linux_user: 'shop',
};
const databaseRestore = {
  kind: 'database',
  config_id: 7,
  snapshot_id: '0123abcd',
  databases: [{ engine: 'postgresql', name: 'shop', target: 'shop_copy' }],
};
const filesRestore = { ...siteRestore, kind: 'files', paths: ['public/index.php', 'wp-content/uploads/'] };

describe('backupRecipes', () => {
  it('lists the verification, restore and download recipes once each', () => {
    const ids = backupRecipes.map((recipe) => recipe.id);
    expect(ids).toEqual(expect.arrayContaining(['backup-verify', 'backup-restore', 'backup-download']));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('run restore.sh', () => {
    for (const recipe of [backupVerify, backupRestore, backupDownload]) {
      expect(recipe.steps.map((step) => step.script)).toEqual(['backups/restore.sh']);
    }
  });
});

describe('backup-verify', () => {
  it('reads a tenth of the data by default, all of it when asked', () => {
    expect(environmentOf(build(backupVerify, { config_id: 3 }).stdin)).toMatchObject({
      HD_BACKUP_CONFIG_ID: '3',
      HD_BACKUP_READ_DATA: 'subset',
      HD_RECIPE_ID: 'backup-verify',
    });
    const full = environmentOf(
      build(backupVerify, { config_id: 3, read_data: 'full', snapshot_id: 'abcdef12' }).stdin,
    );
    expect(full).toMatchObject({ HD_BACKUP_READ_DATA: 'full', HD_BACKUP_SNAPSHOT: 'abcdef12' });
  });

  it.each([
    ['read_data', { config_id: 3, read_data: 'all' }],
    ['config_id', { config_id: 0 }],
    ['config_id', { config_id: '3' }],
    ['snapshot_id', { config_id: 3, snapshot_id: 'ABCDEF12' }],
    ['snapshot_id', { config_id: 3, snapshot_id: 'abc' }],
    ['snapshot_id', { config_id: 3, snapshot_id: 'latest' }],
  ])('refuses a bad %s', (field, input) => {
    expect(refusal(backupVerify, input)[field]?.length).toBeGreaterThan(0);
  });
});

describe('parseBackupVerifyOutput', () => {
  it('reads the last verify line', () => {
    const line = JSON.stringify({
      ok: false,
      snapshot_id: 'a'.repeat(64),
      checked_at: '2026-11-29T13:00:00Z',
      files: 12,
      databases: [
        { name: 'shop', engine: 'mariadb', ok: false, reason: 'tables differ from the manifest: items' },
      ],
      problems: ['database shop (mariadb): tables differ from the manifest: items'],
    });
    const result = parseBackupVerifyOutput(`::hostdeck::info::progress 2% checking\nverify\t${line}\n`);
    expect(result).toMatchObject({ ok: false, files: 12, problems: [expect.stringContaining('shop')] });
  });

  it('is null without a verify line, or with a broken one', () => {
    expect(parseBackupVerifyOutput('::hostdeck::error::restic is not installed\n')).toBeNull();
    expect(parseBackupVerifyOutput('verify\t{"ok":tru\n')).toBeNull();
    expect(parseBackupVerifyOutput('verify\t{"problems":[]}\n')).toBeNull();
  });
});

describe('backup-restore', () => {
  it('restores a site with its database, over the live one when asked', () => {
    const input = {
      ...siteRestore,
      databases: [{ engine: 'mariadb', name: 'shop', target: 'shop', replace: true }],
    };
    const environment = environmentOf(build(backupRestore, input).stdin);
    expect(environment).toMatchObject({
      HD_RESTORE_KIND: 'site',
      HD_BACKUP_CONFIG_ID: '7',
      HD_BACKUP_SNAPSHOT: '0123abcd',
      HD_RESTORE_SOURCE_ROOT: '/home/shop/shop.example.com',
      HD_RESTORE_TARGET_ROOT: '/home/shop/shop.example.com',
      HD_RESTORE_LINUX_USER: 'shop',
      HD_RESTORE_DATABASES: 'mariadb\tshop\tshop\t1',
    });
    expect(environment.HD_BACKUP_DRIVE_KIND).toBeUndefined();
    expect(secretOf(build(backupRestore, input).stdin)).toBe('');
  });

  it('restores one database into a new name, and chosen paths into a site', () => {
    expect(environmentOf(build(backupRestore, databaseRestore).stdin)).toMatchObject({
      HD_RESTORE_KIND: 'database',
      HD_RESTORE_DATABASES: 'postgresql\tshop\tshop_copy\t0',
    });
    expect(environmentOf(build(backupRestore, filesRestore).stdin)).toMatchObject({
      HD_RESTORE_KIND: 'files',
      HD_RESTORE_PATHS: 'public/index.php\nwp-content/uploads',
    });
  });

  it("reads another server's repository, its secrets on stdin only", () => {
    const input = {
      ...siteRestore,
      source_server_id: 12,
      drive: { kind: 'sftp', host: 'backup.example.net', port: 2222, user: 'store', path: '/srv/backups' },
      password_hex: PASSWORD,
      drive_secret_hex: SSH_KEY,
    };
    const invocation = build(backupRestore, input);
    const environment = environmentOf(invocation.stdin);
    expect(environment).toMatchObject({
      HD_BACKUP_SERVER_ID: '12',
      HD_BACKUP_DRIVE_KIND: 'sftp',
      HD_BACKUP_SFTP_HOST: 'backup.example.net',
      HD_BACKUP_SFTP_PORT: '2222',
    });
    expect(secretOf(invocation.stdin)).toBe(`password\t${PASSWORD}\nsecret\t${SSH_KEY}\n`);
    for (const value of Object.values(environment)) {
      expect(value).not.toContain(PASSWORD);
      expect(value).not.toContain(SSH_KEY);
    }
    // A local drive has no secret; a partial source is refused.
    const local = {
      ...siteRestore,
      source_server_id: 12,
      drive: { kind: 'local', path: '/mnt/b' },
      password_hex: PASSWORD,
    };
    expect(secretOf(build(backupRestore, local).stdin)).toBe(`password\t${PASSWORD}\n`);
    expect(refusal(backupRestore, { ...local, drive_secret_hex: SSH_KEY }).drive).toBeDefined();
    expect(refusal(backupRestore, { ...siteRestore, password_hex: PASSWORD }).drive).toBeDefined();
    expect(refusal(backupRestore, { ...input, drive_secret_hex: undefined }).drive).toBeDefined();
    expect(refusal(backupRestore, { ...input, source_server_id: undefined }).drive).toBeDefined();
  });

  it.each([
    ['a site without its roots', { ...siteRestore, source_root: undefined }, 'target_root'],
    ['a site without its user', { ...siteRestore, linux_user: undefined }, 'target_root'],
    ['a target outside the user home', { ...siteRestore, target_root: '/home/other/shop' }, 'target_root'],
    ['a target that is the home itself', { ...siteRestore, target_root: '/home/shop' }, 'target_root'],
    ['a target in /etc', { ...siteRestore, target_root: '/etc/nginx' }, 'target_root'],
    ['root as the owner', { ...siteRestore, linux_user: 'root', target_root: '/home/root/x' }, 'linux_user'],
    [
      'www-data as the owner',
      { ...siteRestore, linux_user: 'www-data', target_root: '/home/www-data/x' },
      'linux_user',
    ],
    ['files without paths', { ...siteRestore, kind: 'files' }, 'paths'],
    ['a site with paths', { ...siteRestore, paths: ['a'] }, 'paths'],
    ['no paths', { ...filesRestore, paths: [] }, 'paths'],
    [
      '101 paths',
      { ...filesRestore, paths: Array.from({ length: 101 }, (_, index) => `f${index}`) },
      'paths',
    ],
    ['files with a database', { ...filesRestore, databases: databaseRestore.databases }, 'databases'],
    ['a database restore without a database', { ...databaseRestore, databases: [] }, 'databases'],
    [
      'a database restore with two databases',
      {
        ...databaseRestore,
        databases: [...databaseRestore.databases, { engine: 'mariadb', name: 'a', target: 'b' }],
      },
      'databases',
    ],
    ['a database restore with a site root', { ...databaseRestore, source_root: '/home/shop/x' }, 'databases'],
    [
      'the same target twice',
      {
        ...siteRestore,
        databases: [
          { engine: 'mariadb', name: 'a', target: 'c' },
          { engine: 'mariadb', name: 'b', target: 'c' },
        ],
      },
      'databases',
    ],
    ['an unknown kind', { ...siteRestore, kind: 'server' }, 'kind'],
    ['no snapshot', { ...siteRestore, snapshot_id: undefined }, 'snapshot_id'],
  ])('refuses %s', (_label, input, field) => {
    expect(refusal(backupRestore, input)[field]?.length).toBeGreaterThan(0);
  });

  it.each([['mongod'], ['sqlite'], ['MariaDB']])('refuses the database engine %s', (engine) => {
    const input = { ...databaseRestore, databases: [{ engine, name: 'shop', target: 'shop_copy' }] };
    expect(Object.keys(refusal(backupRestore, input))).toEqual(['databases.0.engine']);
  });

  it.each([['mysql'], ['postgres'], ['information_schema'], ['template1']])(
    'refuses the system database %s as a name or a target',
    (name) => {
      const asName = { ...databaseRestore, databases: [{ engine: 'mariadb', name, target: 'x' }] };
      const asTarget = { ...databaseRestore, databases: [{ engine: 'mariadb', name: 'x', target: name }] };
      expect(refusal(backupRestore, asName)['databases.0.name']).toBeDefined();
      expect(refusal(backupRestore, asTarget)['databases.0.target']).toBeDefined();
    },
  );

  it.each([['public'], ['/public/'], ['a/b/c.txt'], ['.htaccess'], ['wp-content/uploads/2024'], ['_x-y.z']])(
    'accepts the path %s',
    (path) => {
      expect(() => build(backupRestore, { ...filesRestore, paths: [path] })).not.toThrow();
    },
  );
});

// SECURITY.md: every hostile value in every field, nested ones included, is refused by the
// production builder before anything could run (the package-wide injection test covers the
// top-level fields; these are the values inside arrays and objects).
describe.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
  'the hostile value %s',
  (_label, payload) => {
    const cases: [string, Recipe, unknown][] = [
      ['a restore path', backupRestore, { ...filesRestore, paths: ['public', payload] }],
      ['a source root', backupRestore, { ...siteRestore, source_root: payload }],
      ['a target root', backupRestore, { ...siteRestore, target_root: payload }],
      ['a Linux user', backupRestore, { ...siteRestore, linux_user: payload }],
      [
        'a database name',
        backupRestore,
        { ...databaseRestore, databases: [{ engine: 'mariadb', name: payload, target: 'x' }] },
      ],
      [
        'a target database',
        backupRestore,
        { ...databaseRestore, databases: [{ engine: 'mariadb', name: 'x', target: payload }] },
      ],
      [
        'a database engine',
        backupRestore,
        { ...databaseRestore, databases: [{ engine: payload, name: 'x', target: 'y' }] },
      ],
      [
        'a drive host',
        backupRestore,
        {
          ...siteRestore,
          source_server_id: 2,
          drive: { kind: 'sftp', host: payload, port: 22, user: 'store', path: '/srv/b' },
          password_hex: PASSWORD,
          drive_secret_hex: SSH_KEY,
        },
      ],
      [
        'a drive path',
        backupRestore,
        {
          ...siteRestore,
          source_server_id: 2,
          drive: { kind: 'local', path: payload },
          password_hex: PASSWORD,
        },
      ],
      [
        'a password',
        backupRestore,
        { ...siteRestore, source_server_id: 2, drive: { kind: 'local', path: '/b' }, password_hex: payload },
      ],
      ['a snapshot id', backupVerify, { config_id: 1, snapshot_id: payload }],
      ['a read mode', backupVerify, { config_id: 1, read_data: payload }],
      ['a download path', backupDownload, { config_id: 1, snapshot_id: '0123abcd', path: payload }],
      ['a download snapshot', backupDownload, { config_id: 1, snapshot_id: payload }],
    ];
    it.each(cases)('is refused as %s', (_what, recipe, input) => {
      expect(() => build(recipe, input)).toThrow(RecipeInputError);
    });
  },
);

describe('backup-download', () => {
  it('names the snapshot and the path', () => {
    expect(
      environmentOf(build(backupDownload, { config_id: 2, snapshot_id: 'abcdef12' }).stdin),
    ).toMatchObject({
      HD_BACKUP_CONFIG_ID: '2',
      HD_BACKUP_SNAPSHOT: 'abcdef12',
    });
    const dump = '/var/lib/hostdeck/backups/2/staging/databases/mariadb/shop.sql';
    expect(
      environmentOf(build(backupDownload, { config_id: 2, snapshot_id: 'abcdef12', path: dump }).stdin)
        .HD_DOWNLOAD_PATH,
    ).toBe(dump);
  });

  it('reads the file and size it printed', () => {
    const file = 'backup-2-abcdef12-20261129T130000Z-a1b2c3.tar';
    expect(parseBackupDownloadOutput(`::hostdeck::change::wrote it\ndownload\t${file}\t123456\n`)).toEqual({
      file,
      size: 123456,
    });
    expect(parseBackupDownloadOutput('download\t../etc/passwd\t1\n')).toBeNull();
    expect(parseBackupDownloadOutput('download\tbackup-2-abcdef12-x.tar\t1\n')).toBeNull();
    expect(parseBackupDownloadOutput('nothing\n')).toBeNull();
  });
});
