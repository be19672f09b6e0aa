import {
  FIREWALL_EVENT_DESCRIPTIONS,
  firewallSection,
  type FirewallEventDescriptionId,
  type FirewallInfos,
  type FirewallRule,
} from '@hostdeck/contracts/firewall';
import {
  firewallInventory,
  firewallRecipes,
  firewallRuleCreate,
  firewallRuleDelete,
  firewallSync,
  isLockedRule,
  managedRuleName,
  parseFirewallInventory,
  type FirewallInventory,
} from '@hostdeck/recipes/firewall';
import { defineRecipeSection } from '../server-sections/recipe-section.js';

export const FIREWALL_EVENT_PREFIX = 'firewall_';

/** The ports the panel comes in on: their allow rules are locked. */
export const lockedPorts = (inventory: FirewallInventory): number[] => [
  ...inventory.sshPorts,
  ...(inventory.agentPort === null ? [] : [inventory.agentPort]),
];

export function presentFirewallRules(inventory: FirewallInventory): FirewallRule[] {
  const locked = lockedPorts(inventory);
  return inventory.rules.map((rule) => {
    const managed = managedRuleName(rule.comment);
    return {
      number: rule.number,
      action: rule.action,
      protocol: rule.protocol,
      port: rule.port,
      source: rule.source,
      name: managed ?? rule.comment,
      managed: managed !== null,
      locked: isLockedRule(rule, locked),
      v6: rule.v6,
    };
  });
}

export function presentFirewallInfos(inventory: FirewallInventory): FirewallInfos {
  return {
    active: inventory.active,
    ipv6: inventory.ipv6,
    ssh_ports: inventory.sshPorts,
    agent_port: inventory.agentPort,
    docker: inventory.docker,
    listening: inventory.listening,
  };
}

const describe = (id: FirewallEventDescriptionId, name?: string) => ({
  id,
  values: (name === undefined ? {} : { name }) as Record<string, string>,
});

/**
 * A server's firewall (spec/000 §2 /servers/{server}/network, §7 firewall rules): the list the
 * `firewall-inventory` recipe reads from the server each time, and create, delete and sync, each a
 * `firewall_*` event and a safe apply whose revert delay is `revertAfterSeconds`
 * (config SAFE_APPLY_REVERT_SECONDS; docs/safe-apply.md).
 */
export function firewallRecipeSection(revertAfterSeconds: number) {
  return defineRecipeSection(
    firewallSection,
    {
      eventPrefix: FIREWALL_EVENT_PREFIX,
      recipes: firewallRecipes,
      eventDescriptions: FIREWALL_EVENT_DESCRIPTIONS,
    },
    () => ({
      inventory: { recipe: firewallInventory, parse: parseFirewallInventory },
      async list(inventory: FirewallInventory) {
        return presentFirewallRules(inventory);
      },
      actions: {
        create: {
          recipe: firewallRuleCreate,
          input: ({ body }) => ({ ...body, revert_after_seconds: revertAfterSeconds }),
          eventType: 'create',
          description: ({ body }) => describe('createFirewallRule', body.name),
        },
        delete: {
          recipe: firewallRuleDelete,
          input: ({ body }) => ({ ...body, revert_after_seconds: revertAfterSeconds }),
          eventType: 'delete',
          description: ({ body }) => describe('deleteFirewallRule', body.name),
        },
        sync: {
          recipe: firewallSync,
          input: () => ({ revert_after_seconds: revertAfterSeconds }),
          eventType: 'sync',
          description: () => describe('syncFirewall'),
        },
      },
    }),
  );
}
export type FirewallRecipeSection = ReturnType<typeof firewallRecipeSection>;
