import { FIREWALL_COMMENT_PREFIX } from '@hostdeck/contracts/firewall';
import { InventoryFormatError } from '../inventory.js';

/** One ufw rule as user.rules / user6.rules keep it (`### tuple ###` lines). */
export interface InventoryFirewallRule {
  /** Its place in `ufw status numbered`: IPv4 rules, then IPv6, from 1. */
  number: number;
  action: string;
  /** tcp, udp or both (ufw's `any`). */
  protocol: string;
  port: string;
  /** `any`, or an address or network. */
  source: string;
  /** The rule's ufw comment, decoded; null when it has none. */
  comment: string | null;
  v6: boolean;
}

export interface InventoryListeningPort {
  protocol: string;
  address: string;
  port: number;
  process: string | null;
  /** The user its program runs as (the owner of its first pid), when ss names the program. */
  user: string | null;
}

export interface FirewallInventory {
  installed: boolean;
  active: boolean;
  ipv6: boolean;
  sshPorts: number[];
  agentPort: number | null;
  docker: boolean;
  rules: InventoryFirewallRule[];
  listening: InventoryListeningPort[];
}

const HEADER = 'hostdeck-firewall 1';
const ANY_SOURCES = new Set(['0.0.0.0/0', '::/0']);
const PORT = /^[0-9]{1,5}$/;

const yes = (value: string | undefined, field: string) => {
  if (value === 'yes') return true;
  if (value === 'no') return false;
  throw new InventoryFormatError(`unexpected firewall ${field} ${JSON.stringify(value)}`);
};

function decodeComment(hex: string): string {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new InventoryFormatError('unexpected ufw comment');
  return Buffer.from(hex, 'hex').toString('utf8');
}

/** `### tuple ### ACTION PROTO DPORT DST SPORT SRC [DAPP SAPP] DIRECTION [comment=HEX]`. */
function parseTuple(text: string, v6: boolean): Omit<InventoryFirewallRule, 'number'> {
  const words = text.split(' ');
  let comment: string | null = null;
  if (words.at(-1)?.startsWith('comment=')) comment = decodeComment(words.pop()!.slice('comment='.length));
  if (words.length < 7)
    throw new InventoryFormatError(`unexpected ufw rule ${JSON.stringify(text.slice(0, 80))}`);
  const [action, protocol, port, , , source] = words as [string, string, string, string, string, string];
  return {
    action,
    protocol: protocol === 'any' ? 'both' : protocol,
    port,
    source: ANY_SOURCES.has(source) ? 'any' : source,
    comment,
    v6,
  };
}

/** `0.0.0.0:80`, `[::]:22`, `127.0.0.53%lo:53`, `*:68`. */
const USER = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,31}$/;

function parseListening(
  protocol: string,
  local: string,
  users: string,
  owner: string,
): InventoryListeningPort | null {
  const at = local.lastIndexOf(':');
  if (at <= 0) return null;
  const port = local.slice(at + 1);
  if (!PORT.test(port)) return null;
  const address = local.slice(0, at).replace(/^\[(.*)\]$/, '$1');
  const process = /\(\("([^"]+)"/.exec(users)?.[1] ?? null;
  const user = USER.test(owner.trim()) ? owner.trim() : null;
  return { protocol, address, port: Number(port), process, user };
}

/**
 * Reads the inventory's lines (scripts/firewall/inventory.sh); anything else (a truncated or
 * foreign output) is an InventoryFormatError.
 */
export function parseFirewallInventory(stdout: string): FirewallInventory {
  const lines = stdout.split('\n').filter((line) => line !== '' && !line.startsWith('::hostdeck::'));
  if (lines[0] !== HEADER) throw new InventoryFormatError('the firewall inventory has no header');
  const inventory: FirewallInventory = {
    installed: false,
    active: false,
    ipv6: false,
    sshPorts: [],
    agentPort: null,
    docker: false,
    rules: [],
    listening: [],
  };
  const seen = new Set<string>();
  for (const line of lines.slice(1)) {
    const fields = line.split('\t');
    const [kind, first, second, third, fourth] = fields;
    switch (kind) {
      case 'installed':
        inventory.installed = yes(first, kind);
        break;
      case 'active':
        inventory.active = yes(first, kind);
        break;
      case 'ipv6':
        inventory.ipv6 = yes(first, kind);
        break;
      case 'docker':
        inventory.docker = yes(first, kind);
        break;
      case 'ssh':
      case 'agent': {
        if (!first || !PORT.test(first)) throw new InventoryFormatError(`unexpected ${kind} port`);
        if (kind === 'ssh') inventory.sshPorts.push(Number(first));
        else inventory.agentPort = Number(first);
        break;
      }
      case 'tuple': {
        if ((first !== '4' && first !== '6') || second === undefined) {
          throw new InventoryFormatError('unexpected ufw rule line');
        }
        inventory.rules.push({ number: inventory.rules.length + 1, ...parseTuple(second, first === '6') });
        break;
      }
      case 'listen': {
        if (first !== 'tcp' && first !== 'udp') continue;
        const port = parseListening(first, second ?? '', third ?? '', fourth ?? '');
        const key = port && `${port.protocol} ${port.address} ${port.port}`;
        if (port && !seen.has(key!)) {
          seen.add(key!);
          inventory.listening.push(port);
        }
        break;
      }
      default:
        throw new InventoryFormatError(
          `unexpected firewall inventory line ${JSON.stringify(line.slice(0, 80))}`,
        );
    }
  }
  inventory.sshPorts = [...new Set(inventory.sshPorts)].sort((a, b) => a - b);
  inventory.listening.sort((a, b) => a.port - b.port || a.protocol.localeCompare(b.protocol));
  return inventory;
}

/** The panel's name of a rule (comment `hostdeck:<name>`), or null for a rule added by hand. */
export function managedRuleName(comment: string | null): string | null {
  return comment?.startsWith(FIREWALL_COMMENT_PREFIX) ? comment.slice(FIREWALL_COMMENT_PREFIX.length) : null;
}

/** A rule that lets the panel in: allow from anywhere to an SSH port or the agent's, over TCP. */
export function isLockedRule(
  rule: Pick<InventoryFirewallRule, 'action' | 'protocol' | 'port' | 'source'>,
  lockedPorts: readonly number[],
): boolean {
  return (
    rule.action === 'allow' &&
    rule.source === 'any' &&
    rule.protocol !== 'udp' &&
    lockedPorts.some((port) => String(port) === rule.port)
  );
}
