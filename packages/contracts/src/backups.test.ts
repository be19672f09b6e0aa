import { describe, expect, it } from 'vitest';
import {
  BACKUP_APP_INFO_DRIVES,
  BACKUP_MESSAGES,
  backupAbsolutePathSchema,
  backupConfigRequestSchema,
  backupExcludeSchema,
  backupHostSchema,
  backupNameSchema,
  backupRelativePathSchema,
  createBackupDriveRequestSchema,
  restoreBackupRequestSchema,
  runBackupRequestSchema,
  s3AccessKeySchema,
  s3BucketSchema,
  s3EndpointSchema,
  s3RegionSchema,
  s3SecretKeySchema,
  sftpPathSchema,
  snapshotIdSchema,
  sshPrivateKeySchema,
  updateBackupDriveRequestSchema,
} from './backups.js';
import { hasControlCharacters } from './grammars.js';
import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from './testing/injection-payloads.js';

const messages = (
  schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

const PRIVATE_KEY = [
  '-----BEGIN OPENSSH PRIVATE KEY-----',
  'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
  'QyNTUxOQAAACBzZWNyZXRzZWNyZXRzZWNyZXRzZWNyZXRzZWNyZXQAAAA=',
  '-----END OPENSSH PRIVATE KEY-----',
  '',
].join('\n');

const s3Drive = {
  kind: 's3',
  name: 'Offsite',
  endpoint: 'https://s3.example.com',
  region: 'us-east-1',
  bucket: 'my-backups',
  path: 'hosts/web-1',
  access_key_id: 'AKIAEXAMPLE',
  secret_key: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

/** Grammars whose every accepted value is plain: none of the hostile payloads passes. */
const STRICT_GRAMMARS = {
  name: backupNameSchema,
  endpoint: s3EndpointSchema,
  region: s3RegionSchema,
  bucket: s3BucketSchema,
  relativePath: backupRelativePathSchema,
  absolutePath: backupAbsolutePathSchema,
  sftpPath: sftpPathSchema,
  host: backupHostSchema,
  snapshotId: snapshotIdSchema,
  privateKey: sshPrivateKeySchema,
};

describe('backup grammars', () => {
  it('accepts plain values', () => {
    for (const endpoint of [
      'https://s3.amazonaws.com',
      'http://10.0.0.1:4568',
      'https://minio.local:9000',
      'http://localhost:4568',
    ]) {
      expect(s3EndpointSchema.safeParse(endpoint).success, endpoint).toBe(true);
    }
    for (const bucket of ['abc', 'my.bucket-1', 'a'.repeat(63)]) {
      expect(s3BucketSchema.safeParse(bucket).success, bucket).toBe(true);
    }
    for (const path of ['backups', 'a/b.c/d_e-f', 'x/']) {
      expect(backupRelativePathSchema.safeParse(path).success, path).toBe(true);
    }
    expect(backupAbsolutePathSchema.safeParse('/srv/backups').success).toBe(true);
    expect(sftpPathSchema.safeParse('/home/u/restic').success).toBe(true);
    expect(sftpPathSchema.safeParse('restic').success).toBe(false);
    expect(backupHostSchema.safeParse('backup.example.com').success).toBe(true);
    expect(backupHostSchema.safeParse('192.168.1.2').success).toBe(true);
    expect(sshPrivateKeySchema.safeParse(PRIVATE_KEY).success).toBe(true);
    expect(s3AccessKeySchema.safeParse('S3RVER').success).toBe(true);
    expect(s3SecretKeySchema.safeParse('S3RVER-secret').success).toBe(true);
  });

  it('refuses near misses with the area message', () => {
    for (const endpoint of [
      'ftp://s3.example.com',
      'https://user:pass@s3.example.com',
      'https://s3.example.com/bucket',
      'https://s3.example.com?x=1',
      'https://S3.example.com',
      'https://s3.example.com:0',
      'https://s3.example.com:65536',
      'https://s3.example.com#a',
      'https://s3.example.com/',
      'http://[fd00::1]:9000',
      's3.example.com',
    ]) {
      expect(messages(s3EndpointSchema, endpoint), endpoint).toEqual([BACKUP_MESSAGES.endpoint]);
    }
    for (const bucket of [
      'ab',
      'My-Bucket',
      'a..b',
      '192.168.1.1',
      'xn--abc',
      'a-.b',
      'bucket-',
      'a'.repeat(64),
    ]) {
      expect(messages(s3BucketSchema, bucket), bucket).toEqual([BACKUP_MESSAGES.bucket]);
    }
    for (const path of [
      '/abs',
      'a//b',
      'a/../b',
      '..',
      'a/./b',
      'a b',
      'a/-rf',
      'a/.hidden',
      'a'.repeat(256),
    ]) {
      expect(messages(backupRelativePathSchema, path), path).toEqual([BACKUP_MESSAGES.path]);
    }
    expect(messages(backupAbsolutePathSchema, '/')).toEqual([BACKUP_MESSAGES.absolutePath]);
    expect(messages(backupAbsolutePathSchema, 'srv')).toEqual([BACKUP_MESSAGES.absolutePath]);
    expect(
      messages(
        sshPrivateKeySchema,
        PRIVATE_KEY.replace(
          'OPENSSH PRIVATE KEY-----\n',
          'OPENSSH PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n',
        ),
      ),
    ).toEqual([BACKUP_MESSAGES.privateKey]);
    expect(messages(s3SecretKeySchema, 'has space')).toEqual([BACKUP_MESSAGES.secretKey]);
  });

  describe.each(Object.entries(STRICT_GRAMMARS))('%s', (_name, schema) => {
    it.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
      'refuses %s',
      (_label, payload) => {
        expect(schema.safeParse(payload).success).toBe(false);
      },
    );
  });

  it('refuses control characters, spaces and options in keys and excludes', () => {
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      if (
        /\s/.test(payload) ||
        hasControlCharacters(payload) ||
        payload.startsWith('-') ||
        payload.length > 256
      ) {
        expect(s3SecretKeySchema.safeParse(payload).success, describeInjectionPayload(payload)).toBe(false);
        expect(s3AccessKeySchema.safeParse(payload).success, describeInjectionPayload(payload)).toBe(false);
      }
      if (
        hasControlCharacters(payload) ||
        payload.trimStart().startsWith('-') ||
        payload.length > 255 ||
        payload.trim() === ''
      ) {
        expect(backupExcludeSchema.safeParse(payload).success, describeInjectionPayload(payload)).toBe(false);
      }
    }
    for (const exclude of ['*.log', 'node_modules', '/var/www/*/cache', 'storage/framework/cache/*']) {
      expect(backupExcludeSchema.safeParse(exclude).success, exclude).toBe(true);
    }
    for (const exclude of ['-x', 'a\nb', 'ü', ' ', '*', '/*', '..', 'a/../b', 'a b', '[ab]', '...']) {
      expect(messages(backupExcludeSchema, exclude), exclude).toEqual([BACKUP_MESSAGES.exclude]);
    }
  });
});

describe('backup requests', () => {
  it('takes each drive kind with its own fields and refuses another kind’s', () => {
    expect(createBackupDriveRequestSchema.safeParse(s3Drive).success).toBe(true);
    expect(createBackupDriveRequestSchema.safeParse({ ...s3Drive, secret_key: undefined }).success).toBe(
      false,
    );
    expect(updateBackupDriveRequestSchema.safeParse({ ...s3Drive, secret_key: undefined }).success).toBe(
      true,
    );
    expect(createBackupDriveRequestSchema.safeParse({ ...s3Drive, host: 'a.example.com' }).success).toBe(
      false,
    );
    const sftp = { kind: 'sftp', name: 'Box', host: 'box.example.com', user: 'u123', path: '/restic' };
    expect(createBackupDriveRequestSchema.parse(sftp)).toMatchObject({ port: 22 });
    expect(createBackupDriveRequestSchema.safeParse({ ...sftp, private_key: PRIVATE_KEY }).success).toBe(
      true,
    );
    expect(createBackupDriveRequestSchema.safeParse({ ...sftp, user: '-oProxyCommand=id' }).success).toBe(
      false,
    );
    expect(createBackupDriveRequestSchema.safeParse({ ...sftp, port: 0 }).success).toBe(false);
    expect(
      createBackupDriveRequestSchema.safeParse({ kind: 'server', name: 'B', server_id: 2, path: '/srv/b' })
        .success,
    ).toBe(true);
    expect(
      createBackupDriveRequestSchema.safeParse({ kind: 'local', name: 'L', path: '/var/backups/x' }).success,
    ).toBe(true);
    expect(messages(createBackupDriveRequestSchema, { kind: 'ftp', name: 'x' })).toEqual([
      BACKUP_MESSAGES.driveKind,
    ]);
    expect(BACKUP_APP_INFO_DRIVES.map((drive) => drive.id)).toEqual(['s3', 'sftp', 'server', 'local']);
  });

  it('fills a config’s defaults and checks its parts', () => {
    const config = backupConfigRequestSchema.parse({ drive_id: 1, site_ids: [3, 3] });
    expect(config).toMatchObject({
      period: 'daily',
      run_at: '02:00',
      verify: 'weekly',
      site_ids: [3],
      excludes: [],
    });
    expect(messages(backupConfigRequestSchema, { drive_id: 1 })).toEqual([BACKUP_MESSAGES.nothingToBackUp]);
    expect(messages(backupConfigRequestSchema, { drive_id: 1, site_ids: [1], run_at: '24:00' })).toEqual([
      BACKUP_MESSAGES.time,
    ]);
    expect(
      messages(backupConfigRequestSchema, {
        drive_id: 1,
        site_ids: [1],
        cycle: { daily: 0, weekly: 0, monthly: 0 },
      }),
    ).toEqual([BACKUP_MESSAGES.cycle]);
    expect(
      messages(backupConfigRequestSchema, { drive_id: 1, site_ids: [1], excludes: Array(101).fill('*.log') }),
    ).toEqual([BACKUP_MESSAGES.excludes]);
    expect(
      backupConfigRequestSchema.safeParse({
        drive_id: 1,
        site_ids: [1],
        excludes: ['--exclude-file=/etc/shadow'],
      }).success,
    ).toBe(false);
    expect(backupConfigRequestSchema.safeParse({ drive_id: 1, site_ids: [1], extra: 1 }).success).toBe(false);
  });

  it('checks run and restore requests', () => {
    expect(runBackupRequestSchema.safeParse({}).success).toBe(true);
    expect(messages(runBackupRequestSchema, { site_id: 1, database_id: 2 })).toEqual([
      BACKUP_MESSAGES.runScope,
    ]);
    expect(
      restoreBackupRequestSchema.safeParse({
        kind: 'files',
        snapshot_id: 'abcdef12',
        site_id: 1,
        paths: ['public/index.php'],
      }).success,
    ).toBe(true);
    for (const path of ['../etc/passwd', 'a/../../b', '-rf', 'a\nb']) {
      expect(
        restoreBackupRequestSchema.safeParse({
          kind: 'files',
          snapshot_id: 'abcdef12',
          site_id: 1,
          paths: [path],
        }).success,
        path,
      ).toBe(false);
    }
    expect(
      restoreBackupRequestSchema.safeParse({ kind: 'database', snapshot_id: 'ABCDEF12', database_id: 1 })
        .success,
    ).toBe(false);
    expect(
      restoreBackupRequestSchema.safeParse({
        kind: 'database',
        snapshot_id: 'abcdef12',
        database_id: 1,
        new_name: 'shop; drop',
      }).success,
    ).toBe(false);
  });
});
