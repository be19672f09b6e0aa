import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { GRAMMAR_MESSAGES, isIpOrCidr, portRangeSchema } from './grammars.js';
import { defineServerSection } from './server-sections.js';
import { UPDATE_KEYS } from './update-keys.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * A server's firewall, ufw (spec/000 §2 servers.network, §7 firewall rules sync/list/create/delete,
 * ports). No panel table: the server is the truth. A rule the panel made carries the ufw comment
 * `hostdeck:<name>`; rules added by hand are listed and never touched. The SSH port(s) and the
 * agent's port are locked. Every change is a safe apply (docs/safe-apply.md). docs/firewall.md.
 */

/** Messages of the section's grammars (English; Vietnamese in apps/api/src/firewall/firewall.vi.ts). */
export const FIREWALL_MESSAGES = {
  name: 'Use 1 to 64 letters, digits, spaces and . _ - starting with a letter or a digit',
  port: 'Use a port (1-65535) or a range such as 1000:2000',
  ip: GRAMMAR_MESSAGES.ip,
  invalid: VALIDATION_MESSAGES.invalid,
} as const;

/** The comment ufw keeps with every rule the panel adds: `hostdeck:<name>`. */
export const FIREWALL_COMMENT_PREFIX = 'hostdeck:';

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/;
export function isFirewallRuleName(value: string): boolean {
  return NAME_PATTERN.test(value) && !value.endsWith(' ') && !value.includes('  ');
}
export const firewallRuleNameSchema = z
  .string()
  .min(1, { abort: true })
  .refine(isFirewallRuleName, { message: FIREWALL_MESSAGES.name, abort: true });

const PORT_PATTERN = /^[1-9][0-9]{0,4}$/;
export const isPortText = (value: string) => PORT_PATTERN.test(value) && Number(value) <= 65535;
export const isPortRange = (value: string) => portRangeSchema.safeParse(value).success;
/**
 * A port (`80`) or a range (`1000:2000`, spec/000 §5), as text. A number is taken as its text.
 */
export const firewallPortSchema = z.preprocess(
  (value) => (typeof value === 'number' && Number.isInteger(value) ? String(value) : value),
  z
    .string()
    .min(1, { abort: true })
    .refine((value) => isPortText(value) || isPortRange(value), {
      message: FIREWALL_MESSAGES.port,
      abort: true,
    }),
);

/** 'Invalid IP' (spec/000 §5) for anything else. */
export const ipOrCidrSchema = z
  .string()
  .min(1, { abort: true })
  .refine(isIpOrCidr, { message: FIREWALL_MESSAGES.ip, abort: true });
/** Where traffic comes from: `any`, or an address or network. */
export const firewallSourceSchema = z.union([z.literal('any'), ipOrCidrSchema], {
  error: FIREWALL_MESSAGES.ip,
});

export const FIREWALL_ACTIONS = ['allow', 'deny'] as const;
export type FirewallAction = (typeof FIREWALL_ACTIONS)[number];
export const FIREWALL_PROTOCOLS = ['tcp', 'udp', 'both'] as const;
export type FirewallProtocol = (typeof FIREWALL_PROTOCOLS)[number];
export const firewallActionSchema = z.enum(FIREWALL_ACTIONS, { error: FIREWALL_MESSAGES.invalid });
export const firewallProtocolSchema = z.enum(FIREWALL_PROTOCOLS, { error: FIREWALL_MESSAGES.invalid });

/** One rule as the panel writes it: what `create` takes, and what identifies a rule to delete. */
const ruleShape = {
  name: firewallRuleNameSchema,
  action: firewallActionSchema,
  protocol: firewallProtocolSchema,
  port: firewallPortSchema,
  source: firewallSourceSchema.default('any'),
};

/** POST api/servers/{server}/firewall-rules. */
export const createFirewallRuleRequestSchema = z.strictObject(ruleShape);
export type CreateFirewallRuleRequest = z.input<typeof createFirewallRuleRequestSchema>;

/**
 * DELETE api/servers/{server}/firewall-rules: the rule's exact spec (name included), never its
 * number alone (numbers shift as rules come and go). `both` on a single port is ufw's `any`.
 */
export const deleteFirewallRuleRequestSchema = z.strictObject(ruleShape);
export type DeleteFirewallRuleRequest = z.input<typeof deleteFirewallRuleRequestSchema>;

export const firewallRuleSchema = z.object({
  /** Its place in `ufw status numbered` (IPv4 rules, then IPv6). */
  number: z.number().int(),
  /** allow, deny, reject or limit (the last two only from rules added by hand). */
  action: z.string(),
  /** tcp, udp or both (ufw's `any`). */
  protocol: z.string(),
  /** A port, a range `1000:2000`, a list `80,443`, or `any`. */
  port: z.string(),
  /** `any`, or an address or network. */
  source: z.string(),
  /** The panel's name of the rule; null for a rule added by hand (or its comment when it has one). */
  name: z.string().nullable(),
  /** Added by the panel (comment `hostdeck:<name>`): it may delete it. */
  managed: z.boolean(),
  /** Allows an SSH or the agent's port: the panel never deletes it. */
  locked: z.boolean(),
  /** An IPv6 rule. */
  v6: z.boolean(),
});
export type FirewallRule = z.infer<typeof firewallRuleSchema>;

export const listeningPortSchema = z.object({
  /** tcp or udp. */
  protocol: z.string(),
  /** The address it listens on (`0.0.0.0`, `::`, `127.0.0.1`…). */
  address: z.string(),
  port: z.number().int(),
  /** The program's name, when ss reports it. */
  process: z.string().nullable(),
  /** The user the program runs as, when ss reports the program. */
  user: z.string().nullable(),
});
export type ListeningPort = z.infer<typeof listeningPortSchema>;

export const firewallInfosSchema = z.object({
  /** ufw enabled (its rules loaded). */
  active: z.boolean(),
  /** IPV6=yes in /etc/default/ufw. */
  ipv6: z.boolean(),
  ssh_ports: z.array(z.number().int()),
  /** The HostDeck agent's port, when the agent is installed. */
  agent_port: z.number().int().nullable(),
  /** Docker installed: the ports it publishes bypass ufw. */
  docker: z.boolean(),
  listening: z.array(listeningPortSchema),
});
export type FirewallInfos = z.infer<typeof firewallInfosSchema>;

/**
 * The section's contract (spec/000 §7 firewall rules): list, create, delete and sync, each a safe
 * apply (kind firewall). Update-data key `firewall_rules` (§4).
 */
export const firewallSection = defineServerSection({
  name: 'firewall',
  updateKey: UPDATE_KEYS.firewallRules,
  list: {
    path: '/api/servers/:server/firewall-rules',
    query: z.object({}),
    item: firewallRuleSchema,
  },
  actions: {
    create: {
      method: 'POST',
      path: '/api/servers/:server/firewall-rules',
      body: createFirewallRuleRequestSchema,
    },
    delete: {
      method: 'DELETE',
      path: '/api/servers/:server/firewall-rules',
      body: deleteFirewallRuleRequestSchema,
    },
    sync: { method: 'POST', path: '/api/servers/:server/firewall-rules/sync' },
  },
});

/** GET api/servers/{server}/firewall-rules: `{ data, infos }`. */
export const firewallListResponseSchema = z.object({
  data: z.array(firewallRuleSchema),
  infos: firewallInfosSchema,
});
export type FirewallList = z.infer<typeof firewallListResponseSchema>;
export const firewallListRoute = { ...firewallSection.list, response: firewallListResponseSchema };

/** GET api/servers/{server}/ports (spec/000 §7 ports): the sockets listening (`ss -tulpn`). */
export const portsResponseSchema = z.object({ data: z.array(listeningPortSchema) });
export const portsRoute = {
  method: 'GET' as const,
  path: '/api/servers/:server/ports',
  params: firewallSection.list.params,
  response: portsResponseSchema,
};

/** The descriptions of the section's events (events.ts AreaEventDescriptions), English. */
export const FIREWALL_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createFirewallRule: 'Add firewall rule {name}',
  deleteFirewallRule: 'Delete firewall rule {name}',
  syncFirewall: 'Sync the firewall',
});
export type FirewallEventDescriptionId = keyof typeof FIREWALL_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    firewall: typeof FIREWALL_EVENT_DESCRIPTIONS;
  }
}
