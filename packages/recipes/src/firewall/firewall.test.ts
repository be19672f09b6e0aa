import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import {
  firewallRuleCreate,
  isLockedRule,
  managedRuleName,
  parseFirewallInventory,
  ufwProtocols,
} from './index.js';

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

const OUTPUT = [
  'hostdeck-firewall 1',
  'installed\tyes',
  'active\tyes',
  'ipv6\tyes',
  'ssh\t22',
  'agent\t2022',
  'docker\tno',
  `tuple\t4\tdeny tcp 22 0.0.0.0/0 any 10.213.0.13 in comment=${hex('hostdeck:block me')}`,
  'tuple\t4\tallow tcp 22 0.0.0.0/0 any 0.0.0.0/0 in',
  'tuple\t4\tallow tcp 9999 0.0.0.0/0 any 0.0.0.0/0 in',
  `tuple\t4\tallow any 53 0.0.0.0/0 any 10.0.0.0/8 in comment=${hex('hostdeck:dns')}`,
  `tuple\t6\tallow udp 5000:5010 ::/0 any ::/0 in comment=${hex('by hand')}`,
  'listen\ttcp\t0.0.0.0:22\tusers:(("sshd",pid=65,fd=3))\troot',
  'listen\ttcp\t[::]:22\tusers:(("sshd",pid=65,fd=4))\troot',
  'listen\tudp\t127.0.0.53%lo:53\t',
  'listen\ttcp\t0.0.0.0:22\tusers:(("sshd",pid=65,fd=3))',
].join('\n');

describe('firewall inventory', () => {
  it('reads the state, the rules in ufw order and the listening sockets', () => {
    const inventory = parseFirewallInventory(OUTPUT);
    expect(inventory).toMatchObject({
      active: true,
      ipv6: true,
      sshPorts: [22],
      agentPort: 2022,
      docker: false,
    });
    expect(
      inventory.rules.map((rule) => [rule.number, rule.action, rule.protocol, rule.port, rule.source]),
    ).toEqual([
      [1, 'deny', 'tcp', '22', '10.213.0.13'],
      [2, 'allow', 'tcp', '22', 'any'],
      [3, 'allow', 'tcp', '9999', 'any'],
      [4, 'allow', 'both', '53', '10.0.0.0/8'],
      [5, 'allow', 'udp', '5000:5010', 'any'],
    ]);
    expect(inventory.rules.map((rule) => managedRuleName(rule.comment))).toEqual([
      'block me',
      null,
      null,
      'dns',
      null,
    ]);
    expect(inventory.rules[4]).toMatchObject({ v6: true, comment: 'by hand' });
    expect(inventory.rules.map((rule) => isLockedRule(rule, [22, 2022]))).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(inventory.listening).toEqual([
      { protocol: 'tcp', address: '0.0.0.0', port: 22, process: 'sshd', user: 'root' },
      { protocol: 'tcp', address: '::', port: 22, process: 'sshd', user: 'root' },
      { protocol: 'udp', address: '127.0.0.53%lo', port: 53, process: null, user: null },
    ]);
  });

  it('refuses output that is not the inventory', () => {
    expect(() => parseFirewallInventory('Status: active\n')).toThrow();
    expect(() => parseFirewallInventory('hostdeck-firewall 1\nactive\tmaybe\n')).toThrow();
    expect(() => parseFirewallInventory('hostdeck-firewall 1\nsomething\telse\n')).toThrow();
  });
});

describe('firewall rule recipes', () => {
  it('turns both into ufw any on one port and into tcp and udp on a range', () => {
    expect(ufwProtocols('both', '80')).toEqual(['any']);
    expect(ufwProtocols('both', '1000:2000')).toEqual(['tcp', 'udp']);
    expect(ufwProtocols('udp', '1000:2000')).toEqual(['udp']);
  });

  it('passes the rule as environment, tagged with the panel comment', () => {
    const invocation = buildStepInvocation(firewallRuleCreate, 'apply', {
      name: 'web app',
      action: 'deny',
      protocol: 'both',
      port: '1000:2000',
      source: '2001:db8::/32',
      revert_after_seconds: 20,
    });
    expect(invocation.command).not.toContain('2001:db8');
    const stdin = Buffer.from(invocation.stdin).toString('utf8');
    expect(stdin).toContain('HD_COMMENT=hostdeck:web app\0');
    expect(stdin).toContain('HD_PROTOCOLS=tcp udp\0');
  });

  it('refuses sources, ports and names outside their grammar', () => {
    const base = firewallRuleCreate.example;
    for (const [field, value] of [
      ['source', '10.0.0.1/33'],
      ['source', '300.1.1.1'],
      ['source', 'example.com'],
      ['port', '0'],
      ['port', '2000:1000'],
      ['port', '70000'],
      ['name', ' web'],
      ['name', "web'app"],
      ['revert_after_seconds', 5],
    ] as const) {
      expect(() => buildStepInvocation(firewallRuleCreate, 'apply', { ...base, [field]: value })).toThrow(
        RecipeInputError,
      );
    }
  });
});
