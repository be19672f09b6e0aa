import type { VpsPlan, VpsRegion } from '@hostdeck/contracts/vps';

/**
 * One VPS provider behind one interface (issue 23, docs/vps.md): Hetzner Cloud, DigitalOcean and
 * Vultr. A new provider is one file in providers/ that implements this and one line in
 * providers/index.ts. Every method throws `VpsProviderError` for what the provider refused (its
 * own words as `message`), never a raw HTTP error.
 */

/** A machine as the panel reads it from any provider. */
export interface ProviderMachine {
  id: string;
  name: string;
  /** `running` once the provider says it is up; `creating` before; `other` for anything else. */
  state: 'creating' | 'running' | 'other';
  /** The provider's own word for its status, shown to the user. */
  status: string;
  /** The public IPv4 address, once it has one. */
  ipv4: string | null;
  region: string | null;
  /** The panel server id of its `hostdeck` label or tag, when it has one; '' for the bare label. */
  hostdeckLabel: string | null;
}

export interface CreateMachineRequest {
  /** The panel's server id: the machine is labelled with it (`hostdeck=<id>`). */
  serverId: number;
  name: string;
  region: string;
  plan: string;
  /** The cloud-init document that installs the panel's key for root. */
  userData: string;
  /** The provider's SSH key ids to install too (where it has the feature). */
  sshKeyIds: string[];
}

export interface VpsProviderAdapter {
  /** Checks the token with a real call (on save). */
  verify(): Promise<void>;
  listRegions(): Promise<VpsRegion[]>;
  /** The plans offered in a region, with their monthly price. */
  listPlans(region: string): Promise<VpsPlan[]>;
  /** Adds a public key to the account's SSH keys; answers its id. */
  createSshKey(name: string, publicKey: string): Promise<string>;
  deleteSshKey(id: string): Promise<void>;
  createMachine(request: CreateMachineRequest): Promise<ProviderMachine>;
  /** The machine, or null when the provider has no such machine (any more). */
  getMachine(id: string): Promise<ProviderMachine | null>;
  /** Every machine of the account, all pages read, labelled or not. */
  listMachines(): Promise<ProviderMachine[]>;
  deleteMachine(id: string): Promise<void>;
}

export type VpsProviderErrorKind =
  'credential' | 'quota' | 'refused' | 'not-found' | 'rate-limited' | 'unreachable' | 'unexpected';

/** A provider's failure: `message` is the provider's own words (or a socket's). */
export class VpsProviderError extends Error {
  constructor(
    readonly kind: VpsProviderErrorKind,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'VpsProviderError';
  }
}

/** The label (Hetzner) or tag prefix (DigitalOcean, Vultr) that marks a machine as the panel's. */
export const HOSTDECK_LABEL = 'hostdeck';

/** The panel server id in a DigitalOcean or Vultr tag list (`hostdeck:<id>`), '' for a bare `hostdeck`. */
export function serverIdOfTags(tags: readonly string[] | undefined): string | null {
  if (!tags) return null;
  for (const tag of tags) {
    const match = /^hostdeck:(\d+)$/.exec(tag);
    if (match) return match[1]!;
  }
  return tags.includes(HOSTDECK_LABEL) ? '' : null;
}

/**
 * The cloud-init document for a new machine: root gets the panel's key, nothing else changes
 * (what `ssh_authorized_keys` does on every provider's images).
 */
export function cloudInitUserData(publicKey: string): string {
  if (!/^ssh-ed25519 [A-Za-z0-9+/=]+( [\w@.:-]+)?$/.test(publicKey.trim()))
    throw new Error('not an OpenSSH Ed25519 public key');
  return `#cloud-config\nusers:\n  - name: root\n    ssh_authorized_keys:\n      - ${publicKey.trim()}\ndisable_root: false\n`;
}

/** The public key a cloud-init document from `cloudInitUserData` installs (the fake provider reads it). */
export function publicKeyOfUserData(userData: string): string | null {
  const match = /ssh_authorized_keys:\n\s+- (ssh-ed25519 [^\n]+)/.exec(userData);
  return match ? match[1]!.trim() : null;
}
