import { describe, expect, it } from 'vitest';
import {
  backupConfigRequestSchema,
  createBackupDriveRequestSchema,
  restoreBackupRequestSchema,
  updateBackupDriveRequestSchema,
  type BackupDriveItem,
} from '@hostdeck/contracts/backups';
import { configBody, configFormProblems, configFormValues } from './config-form';
import { driveBody, driveFormProblems, driveFormValues } from './drive-form';
import { preparedDownload } from './download-file';
import { databasesText, failedParts, failedPartsText, formatDuration } from '../../format/backup-history';
import { restoreBody, restoreFormValues, restoreProblems } from './restore-form';

const savedS3: BackupDriveItem = {
  id: 3,
  name: 'Offsite',
  kind: 's3',
  endpoint: 'https://s3.example.com',
  region: null,
  bucket: 'hostdeck-backups',
  access_key_id: 'AKIAEXAMPLE',
  host: null,
  port: null,
  user: null,
  server_id: null,
  path: 'daily',
  has_secret: true,
  public_key: null,
  not_a_backup: false,
  checked_at: null,
  check_error: null,
  configs_count: 1,
  created_at: '2026-11-29T10:00:00Z',
};

describe('drive form', () => {
  it('sends only the fields of the kind, which the contract accepts', () => {
    const values = {
      ...driveFormValues(null),
      name: 'Box',
      kind: 'sftp' as const,
      fields: { host: 'backup.example.com', port: '2222', user: 'u123', path: '/hostdeck', endpoint: 'x' },
    };
    expect(driveFormProblems(values, false)).toEqual({});
    const body = driveBody(values);
    expect(body).toEqual({
      kind: 'sftp',
      name: 'Box',
      host: 'backup.example.com',
      port: 2222,
      user: 'u123',
      path: '/hostdeck',
    });
    expect(createBackupDriveRequestSchema.safeParse(body).success).toBe(true);
  });

  it('never shows a secret back, and keeps the sealed one when the field stays empty', () => {
    const values = driveFormValues(savedS3);
    expect(values.secret).toBe('');
    expect(driveFormProblems(values, true)).toEqual({});
    const body = driveBody(values);
    expect(body).not.toHaveProperty('secret_key');
    expect(updateBackupDriveRequestSchema.safeParse(body).success).toBe(true);
    // A new S3 drive needs its secret key; a typed one is sent.
    expect(driveFormProblems({ ...values, secret: '' }, false)).toEqual({ secret_key: 'required' });
    expect(driveBody({ ...values, secret: 's3cr3t/KEY' })).toMatchObject({ secret_key: 's3cr3t/KEY' });
  });

  it('asks for the path of a local drive and the target of a server drive', () => {
    const local = { ...driveFormValues(null), name: 'Here', kind: 'local' as const };
    expect(driveFormProblems(local, false)).toEqual({ path: 'required' });
    const server = {
      ...driveFormValues(null),
      name: 'Peer',
      kind: 'server' as const,
      fields: { path: '/srv/b' },
    };
    expect(driveFormProblems(server, false)).toEqual({ server_id: 'required' });
    expect(driveBody({ ...server, serverId: 9 })).toEqual({
      kind: 'server',
      name: 'Peer',
      server_id: 9,
      path: '/srv/b',
    });
    // The folder's owner on the target: hostdeck unless another user is typed.
    expect(driveBody({ ...server, serverId: 9, fields: { path: '/srv/b', user: ' backup ' } })).toEqual({
      kind: 'server',
      name: 'Peer',
      server_id: 9,
      user: 'backup',
      path: '/srv/b',
    });
    expect(
      driveFormProblems(
        {
          ...driveFormValues(null),
          name: 'x',
          kind: 'sftp',
          fields: { host: 'h', user: 'u', path: 'p', port: '70000' },
        },
        false,
      ),
    ).toEqual({ port: 'port' });
  });
});

describe('configuration form', () => {
  const values = { ...configFormValues(null, 4), siteIds: [7] };

  it('starts from the contract defaults and sends what the contract accepts', () => {
    expect(values).toMatchObject({
      driveId: 4,
      period: 'daily',
      runAt: '02:00',
      daily: '7',
      weekly: '4',
      monthly: '6',
    });
    expect(configFormProblems(values)).toEqual({});
    const body = configBody({ ...values, excludes: ' cache \n\n*.log\n' });
    expect(body.excludes).toEqual(['cache', '*.log']);
    expect(backupConfigRequestSchema.safeParse(body).success).toBe(true);
  });

  it('refuses a bad time, retention out of range or all zero, an option as exclude, and nothing chosen', () => {
    expect(configFormProblems({ ...values, runAt: '24:00' })).toEqual({ run_at: 'time' });
    expect(configFormProblems({ ...values, weekly: '521' })).toEqual({ 'cycle.weekly': 'cycle' });
    expect(configFormProblems({ ...values, daily: '0', weekly: '0', monthly: '0' })).toEqual({
      'cycle.daily': 'cycle',
    });
    expect(configFormProblems({ ...values, excludes: '--exclude-file=/etc/shadow' })).toEqual({
      excludes: 'exclude',
    });
    expect(configFormProblems({ ...values, siteIds: [] })).toEqual({ site_ids: 'nothing' });
    expect(configFormProblems({ ...values, driveId: null })).toEqual({ drive_id: 'required' });
  });
});

describe('restore form', () => {
  const base = { ...restoreFormValues(7, 11), snapshotId: 'a1b2c3d4e5' };

  it('restores over the live database only once its name is typed exactly', () => {
    const live = { ...base, kind: 'database' as const, databaseTarget: 'live' as const };
    expect(restoreProblems(live, 'shop')).toEqual({ confirm_name: 'typedName' });
    expect(restoreProblems({ ...live, typedName: 'Shop' }, 'shop')).toEqual({ confirm_name: 'typedName' });
    expect(restoreProblems({ ...live, typedName: 'shop' }, 'shop')).toEqual({});
    const body = restoreBody({ ...live, typedName: 'shop' });
    expect(body).toEqual({
      kind: 'database',
      snapshot_id: 'a1b2c3d4e5',
      database_id: 11,
      confirm_name: 'shop',
    });
    expect(restoreBackupRequestSchema.safeParse(body).success).toBe(true);
    const fresh = restoreBody({ ...base, kind: 'database', newDatabaseName: 'shop_restored' });
    expect(fresh).toEqual({
      kind: 'database',
      snapshot_id: 'a1b2c3d4e5',
      database_id: 11,
      new_name: 'shop_restored',
    });
  });

  it('restores a site to itself, another site, or a site of another server', () => {
    expect(restoreBody(base)).toEqual({
      kind: 'site',
      snapshot_id: 'a1b2c3d4e5',
      site_id: 7,
      with_database: true,
    });
    expect(restoreProblems({ ...base, siteTarget: 'server' }, '')).toEqual({
      target_server_id: 'required',
      target_site_id: 'required',
    });
    expect(restoreProblems({ ...base, siteTarget: 'other', targetSiteId: 7 }, '')).toEqual({
      target_site_id: 'sameSite',
    });
    const body = restoreBody({ ...base, siteTarget: 'server', targetServerId: 2, targetSiteId: 30 });
    expect(body).toMatchObject({ target_server_id: 2, target_site_id: 30 });
    expect(restoreBackupRequestSchema.safeParse(body).success).toBe(true);
  });

  it('takes file paths inside the site only', () => {
    const files = { ...base, kind: 'files' as const };
    expect(restoreProblems({ ...files, paths: 'public/../../etc' }, '')).toEqual({ paths: 'paths' });
    expect(restoreProblems({ ...files, paths: '-rf' }, '')).toEqual({ paths: 'paths' });
    expect(restoreProblems({ ...files, paths: '' }, '')).toEqual({ paths: 'paths' });
    expect(restoreProblems({ ...files, paths: 'public/index.php\n public/uploads \n' }, '')).toEqual({});
    expect(restoreBody({ ...files, paths: 'public/index.php\n public/uploads \n' })).toMatchObject({
      paths: ['public/index.php', 'public/uploads'],
    });
    expect(restoreProblems({ ...base, snapshotId: '' }, '')).toEqual({ snapshot_id: 'required' });
  });
});

describe('history texts', () => {
  const history = {
    sites: [
      { name: 'blog.test', ok: true },
      { name: 'shop.test', ok: false, reason: null },
    ],
    databases: [
      { name: 'shop', engine: 'mariadb', ok: false, reason: 'truncated dump' },
      { name: 'blog', engine: 'postgresql', ok: true },
    ],
  };

  it('names what failed, with its reason', () => {
    expect(failedParts(history).map((part) => part.name)).toEqual(['shop.test', 'shop']);
    expect(failedPartsText(failedParts(history))).toBe('shop.test, shop (truncated dump)');
    expect(databasesText(history)).toBe('1/2');
    expect(databasesText({ sites: [], databases: [] })).toBe('—');
  });

  it('reads durations', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(4_400)).toBe('4 s');
    expect(formatDuration(184_000)).toBe('3 min 4 s');
    expect(formatDuration(3_720_000)).toBe('1 h 2 min');
  });
});

describe('prepared download', () => {
  it("reads the archive from the download event's last line, and nothing else", () => {
    const file = 'backup-2-a1b2c3d4-20261129T020000Z-x7k2p9.tar';
    expect(preparedDownload(`::hostdeck::info::progress 100%\ndownload\t${file}\t5242880\n`)).toEqual({
      file,
      size: 5_242_880,
    });
    expect(preparedDownload('download\t../../etc/shadow\t10\n')).toBeNull();
    expect(preparedDownload('download\tbackup-2-x.tar\t10\n')).toBeNull();
    expect(preparedDownload('')).toBeNull();
  });
});
