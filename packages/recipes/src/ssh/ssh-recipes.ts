import { z } from 'zod';
import { portSchema } from '@hostdeck/contracts';
import {
  SSHD_DROP_IN,
  renderSshdSettings,
  sshdSettingsSchema,
  type SshdSetting,
} from '@hostdeck/contracts/ssh';
import { InventoryFormatError } from '../inventory.js';
import { defineRecipe } from '../recipe.js';

/** The first line of the panel's drop-in. */
export const SSHD_DROP_IN_HEADER =
  '# Managed by HostDeck (SSH settings). sshd takes the first value it reads: these win over sshd_config.';

/** The drop-in's full text: the header, the port, then the settings in order. */
export function renderSshdDropIn(port: number, settings: readonly SshdSetting[]): string {
  return `${SSHD_DROP_IN_HEADER}\nPort ${port}\n${renderSshdSettings(settings)}`;
}

/** The sshd settings as sshd reads them (`sshd -T`), the panel's drop-in, ssh.socket; read-only. */
export const sshInventory = defineRecipe({
  id: 'ssh-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the SSH settings',
      script: 'ssh/inventory.sh',
      timeoutMs: 20_000,
      idempotent: true,
    },
  ],
  environment: () => ({ HD_DROP_IN: SSHD_DROP_IN }),
  example: {},
});

export interface SshInventory {
  /** `sshd -T` values of the form's keywords (allowusers joined with spaces, '' when none). */
  values: Record<string, string>;
  ports: number[];
  socket: boolean;
  pending: boolean;
  /** The drop-in's text, header included ('' when absent). */
  dropIn: string;
}

const HEADER = 'hostdeck-ssh 1';
const KEYWORDS = new Set([
  'permitrootlogin',
  'passwordauthentication',
  'pubkeyauthentication',
  'allowusers',
  'maxauthtries',
  'clientaliveinterval',
]);

/** Reads the inventory's lines; anything else is an InventoryFormatError. */
export function parseSshInventory(stdout: string): SshInventory {
  const lines = stdout.split('\n').filter((line) => line !== '');
  if (lines[0] !== HEADER) throw new InventoryFormatError('the SSH inventory has no header');
  const values: Record<string, string> = {};
  const allowUsers: string[] = [];
  const result: SshInventory = { values, ports: [], socket: false, pending: false, dropIn: '' };
  let sawRaw = false;
  for (const line of lines.slice(1)) {
    const at = line.indexOf('\t');
    if (at < 1) throw new InventoryFormatError(`unexpected line in the SSH inventory: ${line.slice(0, 80)}`);
    const key = line.slice(0, at);
    const value = line.slice(at + 1);
    if (key === 'port') {
      if (!/^\d{1,5}$/.test(value)) throw new InventoryFormatError(`bad port: ${value}`);
      result.ports.push(Number(value));
    } else if (key === 'allowusers') {
      allowUsers.push(value);
    } else if (KEYWORDS.has(key)) {
      values[key] = value;
    } else if (key === 'socket' || key === 'pending') {
      result[key] = value === '1';
    } else if (key === 'raw') {
      sawRaw = true;
      result.dropIn = Buffer.from(value, 'base64').toString('utf8');
    } else {
      throw new InventoryFormatError(`unexpected line in the SSH inventory: ${line.slice(0, 80)}`);
    }
  }
  if (!sawRaw || result.ports.length === 0) throw new InventoryFormatError('the SSH inventory is incomplete');
  values.allowusers = allowUsers.join(' ');
  return result;
}

/**
 * Writes the panel's drop-in (port and settings) with safe apply (docs/safe-apply.md, kind ssh):
 * `open-port` lets the new port in through ufw, `apply` arms the revert, writes, validates with
 * `sshd -t` and reloads, `confirm` runs on a NEW connection to `port`, and only then `close-port`
 * removes the previous port's ufw rule.
 */
export const sshConfig = defineRecipe({
  id: 'ssh-config',
  input: z.strictObject({
    settings: sshdSettingsSchema,
    /** The port sshd listens on once applied (the drop-in's Port line). */
    port: portSchema,
    /** The port the panel connects to now (servers.port). */
    previous_port: portSchema,
    revert_after_seconds: z.number().int().min(10).max(3600),
  }),
  steps: [
    {
      id: 'open-port',
      title: 'Open the new SSH port in the firewall',
      script: 'ssh/open-port.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
    {
      id: 'apply',
      title: 'Write, check and reload the SSH settings',
      script: 'ssh/apply.sh',
      timeoutMs: 60_000,
      idempotent: false,
    },
    {
      id: 'confirm',
      title: 'Confirm the panel still gets in',
      script: 'ssh/confirm.sh',
      timeoutMs: 30_000,
      idempotent: false,
    },
    {
      id: 'close-port',
      title: 'Close the previous SSH port in the firewall',
      script: 'ssh/close-port.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_DROP_IN: SSHD_DROP_IN,
    HD_SSHD_CONFIG: renderSshdDropIn(input.port, input.settings),
    HD_PORT: String(input.port),
    HD_PREVIOUS_PORT: String(input.previous_port),
    HD_REVERT_SECONDS: String(input.revert_after_seconds),
  }),
  safeApply: {
    confirmStep: 'confirm',
    revertAfterSeconds: (input) => input.revert_after_seconds,
    port: (input) => input.port,
  },
  example: {
    settings: [
      { keyword: 'PermitRootLogin', value: 'prohibit-password' },
      { keyword: 'MaxAuthTries', value: '4' },
    ],
    port: 22,
    previous_port: 22,
    revert_after_seconds: 60,
  },
});
