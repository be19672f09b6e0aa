import { describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { isIpOrCidr } from '@hostdeck/contracts';
import {
  createFirewallRuleRequestSchema,
  deleteFirewallRuleRequestSchema,
} from '@hostdeck/contracts/firewall';
import type { FirewallInventory } from '@hostdeck/recipes/firewall';
import { firewallRecipeSection, presentFirewallInfos, presentFirewallRules } from './firewall.section.js';

const inventory = (changes: Partial<FirewallInventory> = {}): FirewallInventory => ({
  installed: true,
  active: true,
  ipv6: true,
  sshPorts: [22],
  agentPort: 2022,
  docker: true,
  rules: [
    { number: 1, action: 'allow', protocol: 'tcp', port: '22', source: 'any', comment: null, v6: false },
    { number: 2, action: 'allow', protocol: 'tcp', port: '2022', source: 'any', comment: null, v6: false },
    { number: 3, action: 'allow', protocol: 'tcp', port: '22', source: '10.0.0.1', comment: null, v6: false },
    {
      number: 4,
      action: 'allow',
      protocol: 'both',
      port: '80',
      source: 'any',
      comment: 'hostdeck:web',
      v6: false,
    },
    { number: 5, action: 'allow', protocol: 'udp', port: '22', source: 'any', comment: 'by hand', v6: false },
    { number: 6, action: 'allow', protocol: 'tcp', port: '22', source: 'any', comment: null, v6: true },
  ],
  listening: [{ protocol: 'tcp', address: '0.0.0.0', port: 22, process: 'sshd', user: 'root' }],
  ...changes,
});

describe('firewall API rules', () => {
  it('marks panel rules managed and the SSH and agent allow rules locked', () => {
    const rows = presentFirewallRules(inventory());
    expect(rows.map((row) => [row.number, row.name, row.managed, row.locked])).toEqual([
      [1, null, false, true],
      [2, null, false, true],
      [3, null, false, false],
      [4, 'web', true, false],
      [5, 'by hand', false, false],
      [6, null, false, true],
    ]);
    expect(presentFirewallRules(inventory({ agentPort: null }))[1]!.locked).toBe(false);
    expect(presentFirewallInfos(inventory())).toEqual({
      active: true,
      ipv6: true,
      ssh_ports: [22],
      agent_port: 2022,
      docker: true,
      listening: [{ protocol: 'tcp', address: '0.0.0.0', port: 22, process: 'sshd', user: 'root' }],
    });
  });

  it('sends the configured revert delay with every change', async () => {
    const definition = firewallRecipeSection(20).build({
      db: undefined as never,
      config: undefined as never,
    });
    const body = { name: 'web', action: 'allow', protocol: 'tcp', port: '80', source: 'any' } as const;
    const request = { serverId: 1, params: {}, body };
    expect(definition.actions.create.input(request)).toMatchObject({ revert_after_seconds: 20, port: '80' });
    expect(definition.actions.delete.input(request)).toMatchObject({ revert_after_seconds: 20 });
    expect(definition.actions.sync.input({ serverId: 1, params: {}, body: undefined })).toEqual({
      revert_after_seconds: 20,
    });
    for (const action of ['create', 'delete', 'sync'] as const) {
      expect(definition.actions[action].recipe.safeApply?.confirmStep).toBe('confirm');
    }
  });

  it('accepts addresses and networks, and refuses every injection payload in every field', () => {
    for (const good of ['10.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '2001:db8::1', '2001:db8::/32', '::/0']) {
      expect(isIpOrCidr(good), good).toBe(true);
    }
    for (const bad of ['10.0.0.1/33', '10.0.0.01', '2001:db8::/129', '10.0.0.0/8/8', 'localhost']) {
      expect(isIpOrCidr(bad), bad).toBe(false);
    }
    const form = { name: 'web', action: 'allow', protocol: 'tcp', port: '80', source: '10.0.0.0/8' };
    expect(createFirewallRuleRequestSchema.parse({ ...form, port: 80 }).port).toBe('80');
    expect(createFirewallRuleRequestSchema.parse({ ...form, source: undefined }).source).toBe('any');
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      for (const field of Object.keys(form)) {
        for (const schema of [createFirewallRuleRequestSchema, deleteFirewallRuleRequestSchema]) {
          expect(schema.safeParse({ ...form, [field]: payload }).success, `${field} ${payload}`).toBe(false);
        }
      }
    }
  });
});
