import { describe, expect, it } from 'vitest';
import { isIpOrCidr } from '@hostdeck/contracts';
import { parseFail2banInventory } from '@hostdeck/recipes/fail2ban';
import { presentFail2banInfos, presentFail2banJails } from './fail2ban.section.js';
import { clientAddress } from './fail2ban.service.js';
import { fail2banVi } from './fail2ban.vi.js';

const inventory = parseFail2banInventory(
  [
    'hostdeck-fail2ban 1',
    'panel\t10.0.0.1',
    'installed\t1',
    'managed\tsshd\ttrue\t3\t600\t600',
    'managed\trecidive\tfalse\t5\t86400\t604800',
    'running\t1',
    'ignore\t127.0.0.0/8 ::1 10.0.0.1',
    'jail\tsshd\t3\t600\t600\t0\t1',
    'ban\tsshd\t192.0.2.7\t300',
    'jail\tmy-app\t5\t600\t-1\t0\t0',
  ].join('\n'),
);

describe('Fail2Ban presenters', () => {
  it('lists the running jails and the panel jails that are off, managed and presets marked', () => {
    const rows = presentFail2banJails(inventory);
    expect(rows.map((row) => [row.name, row.running, row.managed, row.preset])).toEqual([
      ['my-app', true, false, null],
      ['recidive', false, true, 'recidive'],
      ['sshd', true, true, 'sshd'],
    ]);
    expect(rows[2]!.banned).toEqual([{ ip: '192.0.2.7', seconds_left: 300 }]);
    expect(presentFail2banInfos(inventory).fail2ban).toEqual({
      installed: true,
      running: true,
      panel_ip: '10.0.0.1',
      allow_list: [],
      ignoreip: ['127.0.0.0/8', '::1', '10.0.0.1'],
    });
  });

  it("reads the caller's IPv4 address behind a dual-stack socket", () => {
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8::1');
  });

  it('accepts addresses and networks only for the allow-list', () => {
    for (const good of ['203.0.113.7', '203.0.113.0/24', '2001:db8::/32', '::1'])
      expect(isIpOrCidr(good)).toBe(true);
    for (const bad of [
      '203.0.113.0/33',
      '1.2.3.4/',
      '1.2.3.4/08',
      'a.b.c.d',
      '1.2.3.4 5.6.7.8',
      '10.0.0.1\n',
    ])
      expect(isIpOrCidr(bad)).toBe(false);
  });

  it('has Vietnamese for every message and event', () => {
    expect(Object.values(fail2banVi).every((text) => text.length > 0)).toBe(true);
  });
});
