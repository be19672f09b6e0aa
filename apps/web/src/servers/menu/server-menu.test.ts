import { describe, expect, it } from 'vitest';
import { databaseRoutes } from '@hostdeck/contracts/databases';
import {
  DATABASE_LIST_PATH,
  databaseCounts,
  installedApplicationNames,
  serverMenuRows,
  type ServerMenuRow,
} from './server-menu';

/** `id` for an enabled item, `id:disabled`, `id:locked`; groups as `group[...]`. */
function summary(rows: ServerMenuRow[]): string[] {
  const describe = (state: { item: { id: string }; disabled: boolean; locked: boolean }) =>
    `${state.item.id}${state.locked ? ':locked' : state.disabled ? ':disabled' : ''}`;
  return rows.map((row) =>
    row.kind === 'group' ? `${row.group.id}[${row.items.map(describe).join(',')}]` : describe(row),
  );
}

describe('serverMenuRows (spec/000 §2 Server side menu)', () => {
  it('disables everything but Home until installed and hides app items while apps are unknown', () => {
    expect(
      summary(
        serverMenuRows({ installed: false, isVip: true, billingEnabled: true, installedApplications: null }),
      ),
    ).toEqual([
      'home',
      'sites:disabled',
      'monitoring:disabled',
      'applications:disabled',
      'php:disabled',
      'backup:disabled',
      'supervisor:disabled',
      'schedules:disabled',
      'services:disabled',
      'users:disabled',
      'security[ssh:disabled,ssh-keys:disabled,firewall:disabled,fail2ban:disabled]',
      'mail:disabled',
    ]);
  });

  it('shows the items of installed applications only', () => {
    const rows = serverMenuRows({
      installed: true,
      isVip: true,
      billingEnabled: true,
      installedApplications: new Set(['nginx', 'mariadb', 'postgresql', 'wireguard']),
    });
    expect(summary(rows)).toEqual([
      'home',
      'sites',
      'monitoring',
      'applications',
      'php',
      'mariadb',
      'postgresql',
      'backup',
      'supervisor',
      'schedules',
      'services',
      'users',
      'security[ssh,ssh-keys,firewall,fail2ban]',
      'mail',
      'vpn[wireguard]',
    ]);
  });

  it('with billing on, locks the VIP items of a server that is not VIP, and hides an empty group', () => {
    const all = new Set(['pm2', 'openlitespeed', 'mysql', 'mongod', 'docker', 'bind9', 'mtproxy']);
    const billing = { installed: true, isVip: false, billingEnabled: true };
    const ids = summary(serverMenuRows({ ...billing, installedApplications: all }));
    expect(ids).toContain('mail:locked');
    expect(ids).toContain('vpn[mtproxy:locked]');
    expect(ids).toEqual(expect.arrayContaining(['pm2', 'openlitespeed', 'mysql', 'mongod', 'docker', 'dns']));
    const withoutVpn = serverMenuRows({ ...billing, installedApplications: new Set() });
    expect(summary(withoutVpn).some((id) => id.startsWith('vpn'))).toBe(false);
    // A VIP server has them open.
    const vip = summary(serverMenuRows({ ...billing, isVip: true, installedApplications: all }));
    expect(vip).toContain('mail');
    expect(vip).toContain('vpn[mtproxy]');
  });

  it('with billing off (the default), locks nothing: Mail Server and MTProxy open like the rest', () => {
    const all = new Set(['mtproxy']);
    const rows = serverMenuRows({
      installed: true,
      isVip: false,
      billingEnabled: false,
      installedApplications: all,
    });
    const ids = summary(rows);
    expect(ids).toContain('mail');
    expect(ids).toContain('vpn[mtproxy]');
    expect(ids.some((id) => id.includes(':locked'))).toBe(false);
    // Before installation they are disabled like everything else, not locked.
    const pending = serverMenuRows({
      installed: false,
      isVip: false,
      billingEnabled: false,
      installedApplications: null,
    });
    expect(summary(pending)).toContain('mail:disabled');
    expect(summary(pending).some((id) => id.includes(':locked'))).toBe(false);
  });
});

describe('installedApplicationNames', () => {
  it('keeps the installed ones, and is null while the list is unknown', () => {
    expect(installedApplicationNames(undefined)).toBeNull();
    expect([
      ...(installedApplicationNames([
        { id: 'nginx', is_installed: true },
        { id: 'mysql', is_installed: false },
      ]) ?? []),
    ]).toEqual(['nginx']);
  });
});

describe('databaseCounts (spec/000 §2: database entries with counts)', () => {
  it('counts the rows of each engine, those gone from the server left out, 0 for an engine without any', () => {
    const counts = databaseCounts([
      { type: 'mariadb', status: 'active' },
      { type: 'mariadb', status: 'creating' },
      { type: 'mariadb', status: 'gone' },
      { type: 'postgresql', status: 'active' },
    ]);
    expect(Object.fromEntries(counts)).toEqual({ mysql: 0, mariadb: 2, postgresql: 1, mongod: 0 });
  });

  it('has no count while the rows are unknown', () => {
    expect(databaseCounts(undefined).size).toBe(0);
  });
});

describe('DATABASE_LIST_PATH', () => {
  it('is the path of the databases contract', () => {
    expect(DATABASE_LIST_PATH).toBe(databaseRoutes.list.path);
  });
});
