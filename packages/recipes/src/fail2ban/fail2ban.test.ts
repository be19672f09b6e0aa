import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { InventoryFormatError } from '../inventory.js';
import { fail2banAllowList, fail2banBan, fail2banJail, parseFail2banInventory } from './index.js';

const SAMPLE = [
  'hostdeck-fail2ban 1',
  'panel\t10.213.0.5',
  'installed\t1',
  'allow\t192.0.2.0/24 2001:db8::1',
  'managed\tsshd\ttrue\t3\t600\t600',
  'managed\trecidive\tfalse\t5\t86400\t604800',
  'running\t1',
  'ignore\t127.0.0.0/8 ::1 10.213.0.5 192.0.2.0/24 2001:db8::1 ',
  'jail\tsshd\t3\t600\t600\t1\t4',
  'ban\tsshd\t10.213.0.10\t542',
  'ban\tsshd\t198.51.100.2\t',
  '',
].join('\n');

describe('parseFail2banInventory', () => {
  it('reads the state, the allow-list, the panel files, the jails and their bans', () => {
    const inventory = parseFail2banInventory(SAMPLE);
    expect(inventory).toMatchObject({
      installed: true,
      running: true,
      panelIp: '10.213.0.5',
      allowList: ['192.0.2.0/24', '2001:db8::1'],
      ignoreip: ['127.0.0.0/8', '::1', '10.213.0.5', '192.0.2.0/24', '2001:db8::1'],
    });
    expect(inventory.managed).toEqual([
      { name: 'sshd', enabled: true, maxretry: 3, findtime: 600, bantime: 600 },
      { name: 'recidive', enabled: false, maxretry: 5, findtime: 86_400, bantime: 604_800 },
    ]);
    expect(inventory.jails[0]).toMatchObject({
      name: 'sshd',
      maxretry: 3,
      currentlyFailed: 1,
      totalBanned: 4,
    });
    expect(inventory.jails[0]!.banned).toEqual([
      { ip: '10.213.0.10', secondsLeft: 542 },
      { ip: '198.51.100.2', secondsLeft: null },
    ]);
  });

  it('reads a server without Fail2Ban', () => {
    expect(parseFail2banInventory('hostdeck-fail2ban 1\npanel\t\ninstalled\t0\nrunning\t0\n')).toMatchObject({
      installed: false,
      running: false,
      panelIp: null,
      allowList: null,
      jails: [],
    });
  });

  it('refuses foreign or truncated output', () => {
    expect(() => parseFail2banInventory('Status\n')).toThrow(InventoryFormatError);
    expect(() => parseFail2banInventory('hostdeck-fail2ban 1\nban\tnojail\t1.2.3.4\t5\n')).toThrow(
      InventoryFormatError,
    );
    expect(() => parseFail2banInventory('hostdeck-fail2ban 1\nallow\t1.2.3.4;id\n')).toThrow(
      InventoryFormatError,
    );
  });
});

describe('Fail2Ban recipes', () => {
  it('jail and allow-list changes are safe applies confirmed on a new connection', () => {
    for (const recipe of [fail2banJail, fail2banAllowList]) {
      expect(recipe.safeApply?.confirmStep).toBe('confirm');
      expect(recipe.safeApply?.revertAfterSeconds(recipe.input.parse(recipe.example) as never)).toBe(60);
    }
    expect(fail2banBan.safeApply).toBeUndefined();
  });

  it('passes values only as environment, and refuses hostile ones', () => {
    const invocation = buildStepInvocation(fail2banAllowList, 'apply', {
      operation: 'allow-list',
      ips: ['203.0.113.0/24'],
      revert_after_seconds: 20,
    });
    expect(invocation.stdin.toString()).toContain('HD_ALLOW=203.0.113.0/24\0');
    for (const ip of ['1.2.3.4 5.6.7.8', '1.2.3.4\n', '-1.2.3.4', '1.2.3.4/33', '$(id)']) {
      expect(() => buildStepInvocation(fail2banBan, 'ban', { action: 'unban', ip })).toThrow();
    }
    expect(() =>
      buildStepInvocation(fail2banJail, 'apply', {
        operation: 'save',
        jail: 'sshd]',
        revert_after_seconds: 20,
      }),
    ).toThrow();
  });
});
