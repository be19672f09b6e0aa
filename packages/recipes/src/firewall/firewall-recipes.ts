import { z } from 'zod';
import {
  FIREWALL_COMMENT_PREFIX,
  firewallActionSchema,
  firewallPortSchema,
  firewallProtocolSchema,
  firewallRuleNameSchema,
  firewallSourceSchema,
  isPortRange,
} from '@hostdeck/contracts/firewall';
import { defineRecipe } from '../recipe.js';

/** Seconds before the server puts the previous rules back unless the panel reconnects (10-3600). */
const revertAfterSecondsSchema = z.number().int().min(10).max(3600);

/**
 * ufw's protocols for a rule: `both` on one port is ufw's `any`; a range needs a protocol, so
 * `both` on a range is two rules, one for tcp and one for udp.
 */
export function ufwProtocols(protocol: string, port: string): string[] {
  if (protocol !== 'both') return [protocol];
  return isPortRange(port) ? ['tcp', 'udp'] : ['any'];
}

const ruleInput = z.strictObject({
  name: firewallRuleNameSchema,
  action: firewallActionSchema,
  protocol: firewallProtocolSchema,
  port: firewallPortSchema,
  source: firewallSourceSchema,
  revert_after_seconds: revertAfterSecondsSchema,
});
type RuleInput = z.output<typeof ruleInput>;

const ruleEnvironment = (input: RuleInput) => ({
  HD_ACTION: input.action,
  HD_PROTOCOLS: ufwProtocols(input.protocol, input.port).join(' '),
  HD_PORT: input.port,
  HD_SOURCE: input.source,
  HD_COMMENT: `${FIREWALL_COMMENT_PREFIX}${input.name}`,
  HD_REVERT_SECONDS: String(input.revert_after_seconds),
});

const safeApply = {
  confirmStep: 'confirm',
  revertAfterSeconds: (input: { revert_after_seconds: number }) => input.revert_after_seconds,
};

const confirmStep = {
  id: 'confirm',
  title: 'Keep the change (the panel reconnected)',
  script: 'firewall/confirm.sh',
  timeoutMs: 60_000,
  idempotent: false,
};

const example = {
  name: 'web',
  action: 'allow' as const,
  protocol: 'tcp' as const,
  port: '8080',
  source: 'any',
  revert_after_seconds: 60,
};

/**
 * The read-only inventory the panel runs each time it lists a server's firewall (never as an
 * event): ufw's state, rules and IPv6 setting, the SSH and agent ports, Docker, and the sockets
 * listening (scripts/firewall/inventory.sh).
 */
export const firewallInventory = defineRecipe({
  id: 'firewall-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the firewall',
      script: 'firewall/inventory.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

/** Adds a panel rule (comment `hostdeck:<name>`); a safe apply (docs/safe-apply.md). */
export const firewallRuleCreate = defineRecipe({
  id: 'firewall-rule-create',
  input: ruleInput,
  steps: [
    {
      id: 'apply',
      title: 'Arm the automatic revert and add the rule',
      script: 'firewall/create.sh',
      timeoutMs: 60_000,
      idempotent: false,
    },
    confirmStep,
  ],
  environment: ruleEnvironment,
  safeApply,
  example,
});

/** Deletes a panel rule by its exact spec and comment; a safe apply. */
export const firewallRuleDelete = defineRecipe({
  id: 'firewall-rule-delete',
  input: ruleInput,
  steps: [
    {
      id: 'apply',
      title: 'Arm the automatic revert and delete the rule',
      script: 'firewall/delete.sh',
      timeoutMs: 60_000,
      idempotent: false,
    },
    confirmStep,
  ],
  environment: ruleEnvironment,
  safeApply,
  example,
});

/** IPv6 on, the SSH and agent ports allowed, ufw enabled; a safe apply. */
export const firewallSync = defineRecipe({
  id: 'firewall-sync',
  input: z.strictObject({ revert_after_seconds: revertAfterSecondsSchema }),
  steps: [
    {
      id: 'apply',
      title: 'Arm the automatic revert and enable the firewall',
      script: 'firewall/sync.sh',
      timeoutMs: 60_000,
      idempotent: false,
    },
    confirmStep,
  ],
  environment: (input) => ({ HD_REVERT_SECONDS: String(input.revert_after_seconds) }),
  safeApply,
  example: { revert_after_seconds: 60 },
});
