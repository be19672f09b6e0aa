import { z } from 'zod';
import {
  FAIL2BAN_MARKER,
  FAIL2BAN_MESSAGES,
  fail2banAllowListSchema,
  fail2banBantimeSchema,
  fail2banFindtimeSchema,
  fail2banIpSchema,
  fail2banJailSchema,
  fail2banMaxretrySchema,
  fail2banPresetSchema,
} from '@hostdeck/contracts/fail2ban';
import { defineRecipe } from '../recipe.js';

/** Seconds before the server puts the previous settings back unless the panel reconnects (safe apply). */
const revertAfterSecondsSchema = z.number().int().min(10).max(3600);

const APPLY_TIMEOUT_MS = 5 * 60_000;
const confirmStep = {
  id: 'confirm',
  title: 'Confirm the panel still reaches the server',
  script: 'fail2ban/confirm.sh',
  timeoutMs: 60_000,
  idempotent: false,
} as const;

/** The read-only inventory: Fail2Ban's state, the panel's files, every running jail and its bans. */
export const fail2banInventory = defineRecipe({
  id: 'fail2ban-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read Fail2Ban',
      script: 'fail2ban/inventory.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({ HD_MARKER: FAIL2BAN_MARKER }),
  example: {},
});

export const FAIL2BAN_JAIL_OPERATIONS = ['save', 'update', 'enable', 'disable', 'delete'] as const;

/**
 * A panel jail (`/etc/fail2ban/jail.d/hostdeck-<preset>.local`): create (save), change its
 * settings (update), enable, disable or delete it. Safe apply, kind fail2ban: the server puts the
 * previous files back unless the panel reconnects.
 */
export const fail2banJail = defineRecipe({
  id: 'fail2ban-jail',
  input: z.strictObject({
    operation: z.enum(FAIL2BAN_JAIL_OPERATIONS, { error: FAIL2BAN_MESSAGES.invalid }),
    jail: fail2banPresetSchema,
    maxretry: fail2banMaxretrySchema.optional(),
    findtime: fail2banFindtimeSchema.optional(),
    bantime: fail2banBantimeSchema.optional(),
    revert_after_seconds: revertAfterSecondsSchema,
  }),
  steps: [
    {
      id: 'apply',
      title: 'Write and check the jail, then reload Fail2Ban',
      script: 'fail2ban/apply.sh',
      timeoutMs: APPLY_TIMEOUT_MS,
      idempotent: false,
    },
    confirmStep,
  ],
  environment: (input) => ({
    HD_OPERATION: input.operation,
    HD_JAIL: input.jail,
    HD_MARKER: FAIL2BAN_MARKER,
    HD_REVERT_SECONDS: String(input.revert_after_seconds),
    ...(input.maxretry === undefined ? {} : { HD_MAXRETRY: String(input.maxretry) }),
    ...(input.findtime === undefined ? {} : { HD_FINDTIME: String(input.findtime) }),
    ...(input.bantime === undefined ? {} : { HD_BANTIME: String(input.bantime) }),
  }),
  safeApply: {
    confirmStep: 'confirm',
    revertAfterSeconds: (input) => input.revert_after_seconds,
  },
  example: {
    operation: 'save',
    jail: 'sshd',
    maxretry: 3,
    findtime: 600,
    bantime: 600,
    revert_after_seconds: 60,
  },
});

/**
 * The allow-list (`hostdeck-ignoreip.local`: [DEFAULT] ignoreip = localhost, the panel's address
 * and the list), or only making sure it exists and Fail2Ban runs (`start`). Safe apply; once
 * confirmed, the addresses on the list are unbanned everywhere.
 */
export const fail2banAllowList = defineRecipe({
  id: 'fail2ban-allow-list',
  input: z.strictObject({
    operation: z.enum(['allow-list', 'start'], { error: FAIL2BAN_MESSAGES.invalid }),
    ips: fail2banAllowListSchema,
    revert_after_seconds: revertAfterSecondsSchema,
  }),
  steps: [
    {
      id: 'apply',
      title: 'Write the allow-list, then reload Fail2Ban',
      script: 'fail2ban/apply.sh',
      timeoutMs: APPLY_TIMEOUT_MS,
      idempotent: false,
    },
    confirmStep,
    {
      id: 'unban',
      title: 'Unban the allowed addresses',
      script: 'fail2ban/after.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_OPERATION: input.operation,
    HD_MARKER: FAIL2BAN_MARKER,
    HD_REVERT_SECONDS: String(input.revert_after_seconds),
    ...(input.operation === 'allow-list' ? { HD_ALLOW: input.ips.join(' ') } : {}),
  }),
  safeApply: {
    confirmStep: 'confirm',
    revertAfterSeconds: (input) => input.revert_after_seconds,
  },
  example: { operation: 'allow-list', ips: ['203.0.113.0/24', '2001:db8::1'], revert_after_seconds: 60 },
});

/** Ban by hand or unban (runtime: `fail2ban-client set JAIL banip|unbanip`, `unban` for every jail). */
export const fail2banBan = defineRecipe({
  id: 'fail2ban-ban',
  input: z.strictObject({
    action: z.enum(['ban', 'unban'], { error: FAIL2BAN_MESSAGES.invalid }),
    ip: fail2banIpSchema,
    jail: fail2banJailSchema.optional(),
  }),
  steps: [
    {
      id: 'ban',
      title: 'Change the bans',
      script: 'fail2ban/ban.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_ACTION: input.action,
    HD_IP: input.ip,
    ...(input.jail ? { HD_JAIL: input.jail } : {}),
  }),
  example: { action: 'unban', ip: '192.0.2.7', jail: 'sshd' },
});
