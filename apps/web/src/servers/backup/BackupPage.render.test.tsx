// Loaded before the browser stubs: emotion decides at load whether it runs in a browser.
import '@emotion/cache';
import '@emotion/react';
import '@emotion/styled';
import '@mui/material/styles';
import type { ComponentProps, ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BackupConfigItem, BackupHistoryItem } from '@hostdeck/contracts/backups';
import { stubBrowserGlobals } from '../../app/testing/browser-globals-stub';
import type { ConfigCard as ConfigCardType } from './ConfigCard';
import type { HistoryTable as HistoryTableType } from './HistoryTable';

/**
 * The backups page's history and configuration card (issue 20), rendered in Node: each run's
 * state as a chip, partial and failed naming what failed, and a failed verification as an alert.
 */
stubBrowserGlobals();

let HistoryTable: typeof HistoryTableType;
let ConfigCard: typeof ConfigCardType;
let changeLanguage: (locale: string) => Promise<unknown>;

beforeAll(async () => {
  ({ HistoryTable } = await import('./HistoryTable'));
  ({ ConfigCard } = await import('./ConfigCard'));
  const { i18n, loadCatalogueAreas } = await import('../../i18n/i18n');
  await loadCatalogueAreas(['servers/backup']);
  changeLanguage = (locale) => i18n.changeLanguage(locale);
  await changeLanguage('en');
});

const render = <P extends object>(Component: ComponentType<P>, props: P) =>
  renderToString(<Component {...props} />).replace(/<!-- -->/g, '');

const history = (values: Partial<BackupHistoryItem>): BackupHistoryItem => ({
  id: 1,
  config_id: 2,
  server_id: 3,
  server_name: 'web-1',
  drive_name: 'Offsite',
  event_id: null,
  trigger: 'cron',
  state: 'succeeded',
  snapshot_id: 'a1b2c3d4',
  size_bytes: 5 * 1024 * 1024,
  duration_ms: 65_000,
  files: 1234,
  databases: [{ name: 'shop', engine: 'mariadb', ok: true, reason: null }],
  sites: [{ name: 'shop.test', ok: true, reason: null }],
  error: null,
  started_at: '2026-11-29T02:00:00Z',
  ended_at: '2026-11-29T02:01:05Z',
  ...values,
});

const config: BackupConfigItem = {
  id: 2,
  server_id: 3,
  drive: { id: 4, name: 'Offsite', kind: 's3' },
  status: 'active',
  period: 'daily',
  run_at: '02:00',
  excludes: ['cache'],
  cycle: { daily: 7, weekly: 4, monthly: 6 },
  verify: 'weekly',
  site_ids: [7],
  database_ids: [11],
  last_history: null,
  last_verification: null,
  alert: false,
  created_at: '2026-11-28T10:00:00Z',
  updated_at: '2026-11-28T10:00:00Z',
};

const actions: ComponentProps<typeof ConfigCardType>['actions'] = {
  run: () => undefined,
  verify: () => undefined,
  restore: () => undefined,
  download: () => undefined,
  clone: () => undefined,
  edit: () => undefined,
  remove: () => undefined,
  isRunning: () => false,
};
const cardProps = (values: Partial<BackupConfigItem>) => ({
  config: { ...config, ...values },
  sites: [{ id: 7, name: 'shop.test', detail: '/home/hostdeck/shop.test' }],
  databases: [{ id: 11, name: 'shop', detail: 'mariadb' }],
  serverTimeZone: 'Asia/Ho_Chi_Minh',
  actions,
});

describe('backup history', () => {
  it('shows each state as a chip, and what failed in a partial or failed run', () => {
    const html = render(HistoryTable, {
      histories: [
        history({ id: 1 }),
        history({
          id: 2,
          state: 'partial',
          databases: [{ name: 'shop', engine: 'mariadb', ok: false, reason: 'truncated dump' }],
        }),
        history({ id: 3, state: 'failed', snapshot_id: null, error: 'the drive refused the upload' }),
        history({ id: 4, state: 'missed', trigger: 'missed', size_bytes: null, files: null }),
        history({ id: 5, state: 'running', event_id: 99, duration_ms: null }),
      ],
      onOutput: () => undefined,
    });
    for (const state of ['succeeded', 'partial', 'failed', 'missed', 'running'])
      expect(html).toContain(`data-state="${state}"`);
    expect(html).toContain('Partial');
    expect(html).toContain('Missed');
    expect(html).toContain('Failed: shop (truncated dump)');
    expect(html).toContain('the drive refused the upload');
    expect(html).toContain('5 MB');
    expect(html).toContain('1 min 5 s');
    expect(html).toContain('1,234');
    // The running run's output can be followed.
    expect(html.match(/data-testid="backup-history-output"/g)).toHaveLength(1);
  });

  it('reads in Vietnamese too', async () => {
    await changeLanguage('vi');
    const html = render(HistoryTable, {
      histories: [history({ state: 'partial', sites: [{ name: 'blog', ok: false, reason: null }] })],
      onOutput: () => undefined,
    });
    expect(html).toContain('Một phần');
    expect(html).toContain('Thất bại: blog');
    await changeLanguage('en');
  });
});

describe('backup configuration card', () => {
  it('says when the backups were never verified, and when they passed', () => {
    expect(render(ConfigCard, cardProps({}))).toContain('Never verified');
    const html = render(
      ConfigCard,
      cardProps({
        last_verification: {
          id: 1,
          config_id: 2,
          snapshot_id: 'a1b2c3d4',
          ok: true,
          problems: [],
          checked_at: '2026-11-29T03:00:00Z',
          event_id: null,
        },
      }),
    );
    expect(html).toContain('Passed on');
    expect(html).not.toContain('data-testid="backup-verify-failed"');
    expect(html).toContain('Every day at 02:00 (server time, Asia/Ho_Chi_Minh)');
    expect(html).toContain('Keep 7 daily, 4 weekly and 6 monthly snapshots');
  });

  it('raises an alert naming the problems when the last verification failed', () => {
    const html = render(
      ConfigCard,
      cardProps({
        alert: true,
        last_verification: {
          id: 1,
          config_id: 2,
          snapshot_id: 'a1b2c3d4',
          ok: false,
          problems: ['pack 3f2a… is damaged', 'table shop.orders: 120 rows, 118 restored'],
          checked_at: '2026-11-29T03:00:00Z',
          event_id: 5,
        },
      }),
    );
    expect(html).toContain('data-testid="backup-verify-failed"');
    expect(html).toContain('pack 3f2a… is damaged');
    expect(html).toContain('table shop.orders: 120 rows, 118 restored');
  });

  it('warns that a drive on the same server is not a backup', () => {
    const html = render(ConfigCard, cardProps({ drive: { id: 5, name: 'Here', kind: 'local' } }));
    expect(html).toContain('Not a backup');
    expect(html).toContain('A folder on the same server is not a backup');
  });
});
