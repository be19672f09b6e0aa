import { describe, expect, it } from 'vitest';
import { installedApplicationNames, serverMenuRows, type ServerMenuRow } from './server-menu';

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
    expect(summary(serverMenuRows({ installed: false, isVip: true, installedApplications: null }))).toEqual([
      'home',
      'sites:disabled',
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
      installedApplications: new Set(['nginx', 'mariadb', 'postgresql', 'wireguard']),
    });
    expect(summary(rows)).toEqual([
      'home',
      'sites',
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

  it('locks the VIP items of a server that is not VIP, and hides an empty group', () => {
    const all = new Set(['pm2', 'openlitespeed', 'mysql', 'mongod', 'docker', 'bind9', 'mtproxy']);
    const rows = serverMenuRows({ installed: true, isVip: false, installedApplications: all });
    const ids = summary(rows);
    expect(ids).toContain('mail:locked');
    expect(ids).toContain('vpn[mtproxy:locked]');
    expect(ids).toEqual(expect.arrayContaining(['pm2', 'openlitespeed', 'mysql', 'mongod', 'docker', 'dns']));
    const withoutVpn = serverMenuRows({ installed: true, isVip: false, installedApplications: new Set() });
    expect(summary(withoutVpn).some((id) => id.startsWith('vpn'))).toBe(false);
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
