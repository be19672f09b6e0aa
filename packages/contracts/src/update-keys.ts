import { z } from 'zod';

/**
 * The keys of a realtime Update-data message (spec/000 §4): each one makes the browser reload the
 * queries whose key starts with it. The panel publishes only these and the web invalidates by
 * them, so a key cannot be misspelled on one side. The spec's list is here in full, including
 * keys whose lists come with later features (firewall rules, schedules, SSH keys…), so a new
 * feature picks its key instead of inventing one. `applications` is this panel's own addition.
 */
export const UPDATE_KEYS = {
  servers: 'servers',
  server: 'server',
  sites: 'sites',
  site: 'site',
  deployments: 'deployments',
  commands: 'commands',
  certificates: 'certificates',
  /** Needs a current server in the browser, as `certificates` does (spec/000 §4). */
  firewallRules: 'firewall_rules',
  databases: 'databases',
  databaseUsers: 'databaseUsers',
  backupHistories: 'backup-histories',
  sshKeys: 'ssh-keys',
  schedules: 'schedules',
  user: 'user',
  applications: 'applications',
  /** Not a reload: the browser offers to reload the page, the panel having a new build (§2). */
  uireload: 'uireload',
} as const;
export type UpdateKey = (typeof UPDATE_KEYS)[keyof typeof UPDATE_KEYS];
export const updateKeySchema = z.enum(Object.values(UPDATE_KEYS) as [UpdateKey, ...UpdateKey[]]);

const KNOWN_KEYS: ReadonlySet<string> = new Set(Object.values(UPDATE_KEYS));
export const isUpdateKey = (key: string): key is UpdateKey => KNOWN_KEYS.has(key);

/**
 * The keys of a received message: a key this build does not know (a newer panel's, while the page
 * is still the old build) is left out rather than losing the whole message, `uireload` with it.
 */
export const updateKeysSchema = z.array(z.string()).transform((keys) => keys.filter(isUpdateKey));
