import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from '@hostdeck/contracts/testing';
import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { InventoryFormatError } from '../inventory.js';
import { RecipeInputError, type Recipe } from '../recipe.js';
import {
  backupConfigure,
  backupProbe,
  backupRecipes,
  backupRun,
  backupScope,
  backupRunInputSchema,
  parseBackupProbe,
  parseBackupRunResult,
  parseBackupRuns,
  parseBackupSnapshots,
  toSecretHex,
} from './index.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const S3_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const SSH_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----\n${'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW'.repeat(3)}\n-----END OPENSSH PRIVATE KEY-----\n`;

const s3Drive = {
  kind: 's3',
  endpoint: 'https://s3.eu-central-003.backblazeb2.com',
  region: 'eu-central-003',
  bucket: 'my-backups',
  path: 'servers/web',
  access_key_id: 'AKIAIOSFODNN7EXAMPLE',
};
const sftpDrive = {
  kind: 'sftp',
  host: 'backup.example.com',
  port: 2222,
  user: 'backup',
  path: '/srv/backups',
};
const localDrive = { kind: 'local', path: '/var/backups/hostdeck/repository' };

const configure = (changes: Record<string, unknown>) => ({ ...backupConfigure.example, ...changes });
const site = backupConfigure.example.sites[0]!;
const database = backupConfigure.example.databases[0]!;

/** Every place a hostile value can be put inside the nested inputs (the package's injection test covers the top level). */
const nestedFields: [string, (payload: string) => { recipe: Recipe; input: unknown }][] = [
  ...Object.keys(s3Drive)
    .filter((key) => key !== 'kind')
    .map(
      (key) =>
        [
          `s3 drive ${key}`,
          (payload: string) => ({
            recipe: backupProbe,
            input: { drive: { ...s3Drive, [key]: payload }, drive_secret_hex: toSecretHex(S3_SECRET) },
          }),
        ] as [string, (payload: string) => { recipe: Recipe; input: unknown }],
    ),
  ...['host', 'port', 'user', 'path', 'host_key'].map(
    (key) =>
      [
        `sftp drive ${key}`,
        (payload: string) => ({
          recipe: backupConfigure,
          input: configure({
            drive: { ...sftpDrive, [key]: payload },
            drive_secret_hex: toSecretHex(SSH_KEY),
          }),
        }),
      ] as [string, (payload: string) => { recipe: Recipe; input: unknown }],
  ),
  [
    'local drive path',
    (payload) => ({ recipe: backupProbe, input: { drive: { ...localDrive, path: payload } } }),
  ],
  [
    'site name',
    (payload) => ({ recipe: backupConfigure, input: configure({ sites: [{ ...site, name: payload }] }) }),
  ],
  [
    'site root',
    (payload) => ({ recipe: backupConfigure, input: configure({ sites: [{ ...site, root: payload }] }) }),
  ],
  [
    'site exclude',
    (payload) => ({
      recipe: backupConfigure,
      input: configure({ sites: [{ ...site, excludes: ['/cache', payload] }] }),
    }),
  ],
  [
    'database name',
    (payload) => ({
      recipe: backupConfigure,
      input: configure({ databases: [{ ...database, name: payload }] }),
    }),
  ],
  [
    'database engine',
    (payload) => ({
      recipe: backupConfigure,
      input: configure({ databases: [{ ...database, engine: payload }] }),
    }),
  ],
  ['schedule', (payload) => ({ recipe: backupConfigure, input: configure({ schedule: payload }) })],
  [
    'panel url',
    (payload) => ({
      recipe: backupConfigure,
      input: configure({ panel_url: payload, token_hex: toSecretHex('a'.repeat(32)) }),
    }),
  ],
  [
    'password (as hex)',
    (payload) => ({ recipe: backupConfigure, input: configure({ password_hex: toSecretHex(payload) }) }),
  ],
  [
    'token (as hex)',
    (payload) => ({
      recipe: backupConfigure,
      input: configure({ panel_url: 'https://panel.example.com', token_hex: toSecretHex(payload) }),
    }),
  ],
  [
    's3 secret (as hex)',
    (payload) => ({ recipe: backupProbe, input: { drive: s3Drive, drive_secret_hex: toSecretHex(payload) } }),
  ],
  [
    'ssh key (as hex)',
    (payload) => ({
      recipe: backupProbe,
      input: { drive: sftpDrive, drive_secret_hex: toSecretHex(payload) },
    }),
  ],
  [
    'run snapshot time',
    (payload) => ({ recipe: backupRun, input: { config_id: 1, snapshot_time: payload } }),
  ],
  [
    'run database name',
    (payload) => ({
      recipe: backupRun,
      input: { config_id: 1, database_engine: 'mariadb', database_name: payload },
    }),
  ],
];

// A password may hold spaces and any printable ASCII (it only ever reaches a 0600 file); what must
// never pass is a control character or a length outside 16-256, which these payloads have.
const PASSWORD_FREE_TEXT = (payload: string) => /^[\x20-\x7e]{16,256}$/.test(payload);

describe.each(nestedFields)('%s', (name, build) => {
  it.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
    'refuses %s before anything runs',
    (_label, payload) => {
      if (name === 'password (as hex)' && PASSWORD_FREE_TEXT(payload)) return;
      const { recipe, input } = build(payload);
      for (const step of recipe.steps) {
        expect(() => buildStepInvocation(recipe, step.id, input)).toThrow(RecipeInputError);
      }
    },
  );
});

describe('backup inputs', () => {
  it('accept every drive kind with the secret it needs, and no other', () => {
    const ok = (input: unknown) => backupProbe.input.safeParse(input).success;
    expect(ok({ drive: s3Drive, drive_secret_hex: toSecretHex(S3_SECRET) })).toBe(true);
    expect(ok({ drive: { ...s3Drive, path: undefined }, drive_secret_hex: toSecretHex(S3_SECRET) })).toBe(
      true,
    );
    expect(
      ok({
        drive: { ...s3Drive, endpoint: 'http://10.0.0.1:9000' },
        drive_secret_hex: toSecretHex(S3_SECRET),
      }),
    ).toBe(true);
    expect(ok({ drive: sftpDrive, drive_secret_hex: toSecretHex(SSH_KEY) })).toBe(true);
    expect(ok({ drive: { ...sftpDrive, kind: 'server' }, drive_secret_hex: toSecretHex(SSH_KEY) })).toBe(
      true,
    );
    expect(ok({ drive: localDrive })).toBe(true);
    // The wrong secret, or none.
    expect(ok({ drive: s3Drive })).toBe(false);
    expect(ok({ drive: s3Drive, drive_secret_hex: toSecretHex(SSH_KEY) })).toBe(false);
    expect(ok({ drive: sftpDrive, drive_secret_hex: toSecretHex(S3_SECRET) })).toBe(false);
    expect(ok({ drive: localDrive, drive_secret_hex: toSecretHex(S3_SECRET) })).toBe(false);
    // Endpoints with a path, a user, a query, or another scheme; the root as a folder.
    for (const endpoint of [
      'https://s3.example.com/bucket',
      'https://user@s3.example.com',
      'https://s3.example.com?x=1',
      'ftp://s3.example.com',
      'https://s3.example.com:99999',
      'https://[::1]:9000',
    ]) {
      expect(ok({ drive: { ...s3Drive, endpoint }, drive_secret_hex: toSecretHex(S3_SECRET) })).toBe(false);
    }
    expect(ok({ drive: { ...localDrive, path: '/' } })).toBe(false);
    expect(ok({ drive: { ...s3Drive, bucket: 'a..b' }, drive_secret_hex: toSecretHex(S3_SECRET) })).toBe(
      false,
    );
    expect(ok({ drive: { ...s3Drive, path: 'a/../b' }, drive_secret_hex: toSecretHex(S3_SECRET) })).toBe(
      false,
    );
  });

  it('accept usual exclude patterns, never one that excludes the whole site', () => {
    const ok = (pattern: string) =>
      backupConfigure.input.safeParse(configure({ sites: [{ ...site, excludes: [pattern] }] })).success;
    for (const pattern of [
      '/cache',
      '*.log',
      'node_modules',
      '/storage/logs/*.log',
      '.git',
      'wp-content/cache',
    ]) {
      expect(ok(pattern), pattern).toBe(true);
    }
    for (const pattern of ['*', '/*', '**', '?', '/', '.', '..', '/a/../b', 'a\\b', '[abc]', '~/x', '%2e']) {
      expect(ok(pattern), pattern).toBe(false);
    }
  });

  it('refuse two sites with one id, a token without a panel URL, and a run for a site and a database at once', () => {
    expect(backupConfigure.input.safeParse(configure({ sites: [site, site] })).success).toBe(false);
    expect(
      backupConfigure.input.safeParse(configure({ token_hex: toSecretHex('t'.repeat(32)) })).success,
    ).toBe(false);
    expect(
      backupRunInputSchema.safeParse({
        config_id: 1,
        site_id: 1,
        database_engine: 'mariadb',
        database_name: 'a',
      }).success,
    ).toBe(false);
    expect(backupRunInputSchema.safeParse({ config_id: 1, database_engine: 'mariadb' }).success).toBe(false);
    expect(
      backupRunInputSchema.safeParse({ config_id: 1, snapshot_time: '2026-02-30T00:00:00Z' }).success,
    ).toBe(false);
  });

  it('name the run scope as the run script takes it', () => {
    expect(backupScope(backupRunInputSchema.parse({ config_id: 1 }))).toBe('all');
    expect(backupScope(backupRunInputSchema.parse({ config_id: 1, site_id: 4 }))).toBe('site:4');
    expect(
      backupScope(
        backupRunInputSchema.parse({ config_id: 1, database_engine: 'postgresql', database_name: 'shop' }),
      ),
    ).toBe('database:postgresql:shop');
  });
});

describe('backup secrets', () => {
  it('reach the server only on stdin, never in the environment', () => {
    const input = configure({
      drive: s3Drive,
      drive_secret_hex: toSecretHex(S3_SECRET),
      panel_url: 'https://panel.example.com',
      token_hex: toSecretHex('callback-token-0123456789abcdef'),
    });
    const invocation = buildStepInvocation(backupConfigure, 'configure', input);
    const frame = invocation.stdin.toString('utf8');
    const secrets = frame.slice(frame.lastIndexOf('\0') + 1);
    expect(secrets).toBe(
      `password\t${toSecretHex('correct-horse-battery-staple')}\nsecret\t${toSecretHex(S3_SECRET)}\ntoken\t${toSecretHex('callback-token-0123456789abcdef')}\n`,
    );
    const environment = frame.slice(0, frame.indexOf('\0\0'));
    for (const secret of [S3_SECRET, 'correct-horse-battery-staple', 'callback-token-0123456789abcdef']) {
      expect(environment).not.toContain(secret);
      expect(environment).not.toContain(toSecretHex(secret));
    }
    expect(environment).toContain('HD_BACKUP_S3_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE');
    expect(invocation.command).toBe(buildStepInvocation(backupRun, 'run', { config_id: 1 }).command);
  });

  it('pass the plan as one checked record a line', () => {
    const frame = buildStepInvocation(backupConfigure, 'configure', backupConfigure.example).stdin.toString(
      'utf8',
    );
    expect(frame).toContain('HD_BACKUP_SITES=1\texample.com\t/home/hostdeck/example.com\0');
    expect(frame).toContain('HD_BACKUP_EXCLUDES=1\t/cache\n1\t*.log\0');
    expect(frame).toContain('HD_BACKUP_DATABASES=mariadb\texample_db\t1\0');
    expect(frame).toContain('HD_BACKUP_RETENTION=7 4 6\0');
  });

  it('are the first recipes of the folder (verify, restore and download follow)', () => {
    expect(backupRecipes.map((recipe) => recipe.id).slice(0, 7)).toEqual([
      'backup-install',
      'backup-configure',
      'backup-run',
      'backup-runs',
      'backup-snapshots',
      'backup-remove',
      'backup-probe',
    ]);
  });
});

const result = {
  config_id: 3,
  state: 'partial',
  trigger: 'manual',
  scope: 'all',
  started_at: '2026-11-29T13:00:00Z',
  ended_at: '2026-11-29T13:01:00Z',
  snapshot_id: 'a'.repeat(64),
  size_bytes: 100,
  added_bytes: 10,
  files: 4,
  sites: [{ id: 1, name: 'example.com', ok: true, reason: null }],
  databases: [{ engine: 'mariadb', name: 'shop', ok: false, reason: 'truncated dump: no completion marker' }],
  error: 'database shop: truncated dump: no completion marker',
};

describe('backup output parsers', () => {
  it('read the result line of a run', () => {
    const stdout = `::hostdeck::info::dumping shop\nresult\t${JSON.stringify(result)}\n`;
    expect(parseBackupRunResult(stdout)).toEqual(result);
    expect(() => parseBackupRunResult('::hostdeck::info::x\n')).toThrow(InventoryFormatError);
    expect(() => parseBackupRunResult(`result\t${JSON.stringify({ ...result, state: 'fine' })}\n`)).toThrow(
      InventoryFormatError,
    );
  });

  it('read the recorded runs, a running one included', () => {
    const runs = parseBackupRuns(
      `run\t1795960541\t${b64(JSON.stringify(result))}\t${b64('output\n')}\nrun\t1795960500\t\t${b64('still')}\ndone\n`,
    );
    expect(runs).toEqual([
      { start: 1795960541, result, output: 'output\n' },
      { start: 1795960500, result: null, output: 'still' },
    ]);
    expect(() => parseBackupRuns('run\t1\n')).toThrow(InventoryFormatError);
    expect(() => parseBackupRuns('run\tx\t\t\ndone\n')).toThrow(InventoryFormatError);
  });

  it('read the snapshot list, newest first', () => {
    const snapshot = (id: string, time: string, tags: string[]) => ({
      id: id.repeat(64),
      short_id: id.repeat(8),
      time,
      hostname: 'web1',
      paths: ['/home/hostdeck/example.com'],
      tags,
    });
    const list = [
      snapshot('a', '2026-11-01T02:00:00Z', ['hostdeck', 'config-1', 'trigger-cron', 'scope-all']),
      snapshot('b', '2026-11-02T02:00:00Z', ['hostdeck', 'config-1', 'trigger-manual', 'scope-site-4']),
    ];
    const parsed = parseBackupSnapshots(`snapshots\t${b64(JSON.stringify(list))}\ndone\n`);
    expect(parsed.map((entry) => [entry.shortId, entry.trigger, entry.scope])).toEqual([
      ['bbbbbbbb', 'manual', 'site-4'],
      ['aaaaaaaa', 'cron', 'all'],
    ]);
    expect(parseBackupSnapshots(`snapshots\t${b64('null')}\ndone\n`)).toEqual([]);
    expect(() => parseBackupSnapshots('done\n')).toThrow(InventoryFormatError);
  });

  it('read a drive check and the host keys it saw', () => {
    expect(parseBackupProbe('hostkey\tssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA\nprobe\tok\n')).toEqual({
      ok: true,
      hostKeys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA'],
    });
    expect(() => parseBackupProbe('::hostdeck::error::x\n')).toThrow(InventoryFormatError);
  });
});
