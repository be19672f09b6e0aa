import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { GRAMMAR_MESSAGES, hasControlCharacters, isIpOrCidr, isIpv4, isIpv6 } from './grammars.js';
import { idParamSchema } from './route-contract.js';
import { defineServerSection } from './server-sections.js';
import { UPDATE_KEYS } from './update-keys.js';

/**
 * A server's Fail2Ban (spec/000 §2 servers.fail2ban, §7 Fail2Ban unbanip, enable, info, jail list,
 * create, delete). No panel table: the server is the truth. The panel's jails are
 * `/etc/fail2ban/jail.d/hostdeck-<jail>.local` (first line FAIL2BAN_MARKER), its allow-list
 * `/etc/fail2ban/jail.d/hostdeck-ignoreip.local`; jails written by hand (provisioning's
 * `jail.local` included) are shown, never deleted. docs/fail2ban.md.
 */

/** Messages of the section's grammars (English; Vietnamese in apps/api/src/fail2ban/fail2ban.vi.ts). */
export const FAIL2BAN_MESSAGES = {
  jail: 'Invalid jail name',
  preset: 'Choose one of the presets',
  ip: GRAMMAR_MESSAGES.ip,
  ipOrCidr: 'Use an IPv4 or IPv6 address, or a network such as 203.0.113.0/24',
  duplicate: 'This address is listed twice',
  maxretry: 'Use a whole number from 1 to 100',
  findtime: 'Use a whole number of seconds from 60 to 604800 (a week)',
  bantime: 'Use a whole number of seconds from 60 to 31536000 (a year)',
  invalid: 'Invalid value',
} as const;

/** The first line of every file the panel writes in /etc/fail2ban/jail.d/. */
export const FAIL2BAN_MARKER = '# Managed by HostDeck';

/**
 * The jails the panel makes, one per preset, named as the preset: each with the filter, ports,
 * log and backend right for Debian 12 (journald where there is no log file). `wordpress` uses the
 * panel's own filter (POSTs to wp-login.php and xmlrpc.php in nginx access logs).
 */
export const FAIL2BAN_PRESETS = [
  'sshd',
  'nginx-http-auth',
  'nginx-botsearch',
  'wordpress',
  'postfix',
  'dovecot',
  'recidive',
] as const;
export type Fail2banPreset = (typeof FAIL2BAN_PRESETS)[number];
export const fail2banPresetSchema = z.enum(FAIL2BAN_PRESETS, { error: FAIL2BAN_MESSAGES.preset });
export const isFail2banPreset = (value: string): value is Fail2banPreset =>
  (FAIL2BAN_PRESETS as readonly string[]).includes(value);

/** The defaults the create form starts from (fail2ban's own, a longer ban for recidive). */
export const FAIL2BAN_PRESET_DEFAULTS: Record<
  Fail2banPreset,
  { maxretry: number; findtime: number; bantime: number }
> = {
  sshd: { maxretry: 5, findtime: 600, bantime: 600 },
  'nginx-http-auth': { maxretry: 5, findtime: 600, bantime: 600 },
  'nginx-botsearch': { maxretry: 2, findtime: 600, bantime: 3600 },
  wordpress: { maxretry: 5, findtime: 600, bantime: 3600 },
  postfix: { maxretry: 5, findtime: 600, bantime: 600 },
  dovecot: { maxretry: 5, findtime: 600, bantime: 600 },
  recidive: { maxretry: 5, findtime: 86_400, bantime: 604_800 },
};

/** Any jail the server runs (hand-written ones too): a word of letters, digits and `_ . -`. */
const JAIL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const isJailName = (value: string): boolean => JAIL_PATTERN.test(value) && !value.includes('..');
export const fail2banJailSchema = z
  .string()
  .min(1, { abort: true })
  .refine(isJailName, { message: FAIL2BAN_MESSAGES.jail, abort: true });

/** One IPv4 or IPv6 address ('Invalid IP'). */
export const fail2banIpSchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => !hasControlCharacters(value) && (isIpv4(value) || isIpv6(value)), {
    message: FAIL2BAN_MESSAGES.ip,
    abort: true,
  });

export const fail2banIpOrCidrSchema = z
  .string()
  .min(1, { abort: true })
  .refine(isIpOrCidr, { message: FAIL2BAN_MESSAGES.ipOrCidr, abort: true });

/** The user's allow-list (besides localhost and the panel's own address, always there). */
export const FAIL2BAN_ALLOW_LIST_MAX = 50;
export const fail2banAllowListSchema = z
  .array(fail2banIpOrCidrSchema)
  .max(FAIL2BAN_ALLOW_LIST_MAX)
  .superRefine((ips, context) => {
    const seen = new Set<string>();
    ips.forEach((ip, index) => {
      if (seen.has(ip.toLowerCase()))
        context.addIssue({ code: 'custom', path: [index], message: FAIL2BAN_MESSAGES.duplicate });
      seen.add(ip.toLowerCase());
    });
  });

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
export const fail2banMaxretrySchema = wholeNumber(1, 100, FAIL2BAN_MESSAGES.maxretry);
export const fail2banFindtimeSchema = wholeNumber(60, 604_800, FAIL2BAN_MESSAGES.findtime);
export const fail2banBantimeSchema = wholeNumber(60, 31_536_000, FAIL2BAN_MESSAGES.bantime);

export const fail2banJailSettingsSchema = z.strictObject({
  maxretry: fail2banMaxretrySchema,
  findtime: fail2banFindtimeSchema,
  bantime: fail2banBantimeSchema,
});
export type Fail2banJailSettings = z.infer<typeof fail2banJailSettingsSchema>;

/** POST api/servers/{server}/fail2ban/jails: a jail from a preset (named as it). */
export const createFail2banJailRequestSchema = fail2banJailSettingsSchema.extend({
  preset: fail2banPresetSchema,
});
export type CreateFail2banJailRequest = z.input<typeof createFail2banJailRequestSchema>;

/** POST …/fail2ban/unbanip: from one jail, or every jail when `jail` is absent. */
export const fail2banUnbanRequestSchema = z.strictObject({
  ip: fail2banIpSchema,
  jail: fail2banJailSchema.optional(),
});
/** POST …/fail2ban/banip: by hand, in one running jail. The server refuses the panel's address. */
export const fail2banBanRequestSchema = z.strictObject({ ip: fail2banIpSchema, jail: fail2banJailSchema });
/** PUT …/fail2ban/allow-list: the whole list; the addresses added are unbanned everywhere. */
export const fail2banAllowListRequestSchema = z.strictObject({ ips: fail2banAllowListSchema });

export const fail2banBanSchema = z.object({
  ip: z.string(),
  /** Seconds until Fail2Ban lifts it; null when it never does or the server did not say. */
  seconds_left: z.number().int().nullable(),
});
export type Fail2banBan = z.infer<typeof fail2banBanSchema>;

export const fail2banJailItemSchema = z.object({
  name: z.string(),
  /** Running in Fail2Ban now. */
  running: z.boolean(),
  /** The panel's file says enabled (a hand-written jail: running). */
  enabled: z.boolean(),
  /** Made by the panel (hostdeck-<jail>.local): editable and deletable. */
  managed: z.boolean(),
  /** A preset's name when the jail is one (a hand-written `sshd` too: the panel can take it over). */
  preset: fail2banPresetSchema.nullable(),
  maxretry: z.number().int().nullable(),
  findtime: z.number().int().nullable(),
  bantime: z.number().int().nullable(),
  currently_failed: z.number().int(),
  total_banned: z.number().int(),
  banned: z.array(fail2banBanSchema),
});
export type Fail2banJail = z.infer<typeof fail2banJailItemSchema>;

export const fail2banInfosSchema = z.object({
  fail2ban: z.object({
    installed: z.boolean(),
    running: z.boolean(),
    /** The panel's address as the server sees it (always in ignoreip). */
    panel_ip: z.string().nullable(),
    /** The user's allow-list (the panel's file). */
    allow_list: z.array(z.string()),
    /** What Fail2Ban ignores in its jails' [DEFAULT] (localhost and the panel included). */
    ignoreip: z.array(z.string()),
  }),
});
export type Fail2banInfos = z.infer<typeof fail2banInfosSchema>;

const jailParams = z.object({ jail: fail2banPresetSchema });

/**
 * The section's contract (spec/000 §7 Fail2Ban): the jails (with `infos.fail2ban`,
 * fail2banListRoute), create from a preset, update, enable, disable, delete (the panel's jails
 * only), unban, ban by hand, the allow-list, and start. The Update-data key is `server` (§4 has
 * no key of its own).
 */
export const fail2banSection = defineServerSection({
  name: 'fail2ban',
  updateKey: UPDATE_KEYS.server,
  list: {
    path: '/api/servers/:server/fail2ban',
    query: z.object({}),
    item: fail2banJailItemSchema,
  },
  actions: {
    createJail: {
      method: 'POST',
      path: '/api/servers/:server/fail2ban/jails',
      body: createFail2banJailRequestSchema,
    },
    updateJail: {
      method: 'PUT',
      path: '/api/servers/:server/fail2ban/jails/:jail',
      params: jailParams,
      body: fail2banJailSettingsSchema,
    },
    enableJail: {
      method: 'POST',
      path: '/api/servers/:server/fail2ban/jails/:jail/enable',
      params: jailParams,
    },
    disableJail: {
      method: 'POST',
      path: '/api/servers/:server/fail2ban/jails/:jail/disable',
      params: jailParams,
    },
    deleteJail: { method: 'DELETE', path: '/api/servers/:server/fail2ban/jails/:jail', params: jailParams },
    unban: {
      method: 'POST',
      path: '/api/servers/:server/fail2ban/unbanip',
      body: fail2banUnbanRequestSchema,
    },
    ban: { method: 'POST', path: '/api/servers/:server/fail2ban/banip', body: fail2banBanRequestSchema },
    allowList: {
      method: 'PUT',
      path: '/api/servers/:server/fail2ban/allow-list',
      body: fail2banAllowListRequestSchema,
    },
    start: { method: 'POST', path: '/api/servers/:server/fail2ban/start' },
  },
});

/** GET api/servers/{server}/fail2ban: `{ data: jails, infos: { fail2ban } }`. */
export const fail2banListResponseSchema = z.object({
  data: z.array(fail2banJailItemSchema),
  infos: fail2banInfosSchema,
});
export type Fail2banList = z.infer<typeof fail2banListResponseSchema>;
export const fail2banListRoute = { ...fail2banSection.list, response: fail2banListResponseSchema };

/**
 * GET api/servers/{server}/fail2ban/me: the caller's address as the panel sees the request, and
 * the jails of that server that ban it (the server page offers to unban it).
 */
export const fail2banMeResponseSchema = z.object({
  data: z.object({ ip: z.string(), banned_in: z.array(z.string()) }),
});
export type Fail2banMe = z.infer<typeof fail2banMeResponseSchema>['data'];
export const fail2banMeRoute = {
  method: 'GET' as const,
  path: '/api/servers/:server/fail2ban/me',
  params: z.object({ server: idParamSchema }),
  response: fail2banMeResponseSchema,
};

/** The descriptions of the section's events (events.ts AreaEventDescriptions), English. */
export const FAIL2BAN_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createFail2banJail: 'Create Fail2Ban jail {jail}',
  updateFail2banJail: 'Change Fail2Ban jail {jail}',
  enableFail2banJail: 'Enable Fail2Ban jail {jail}',
  disableFail2banJail: 'Disable Fail2Ban jail {jail}',
  deleteFail2banJail: 'Delete Fail2Ban jail {jail}',
  unbanFail2banIp: 'Unban {ip} in Fail2Ban',
  banFail2banIp: 'Ban {ip} in Fail2Ban jail {jail}',
  saveFail2banAllowList: 'Save the Fail2Ban allow-list',
  startFail2ban: 'Start Fail2Ban',
});
export type Fail2banEventDescriptionId = keyof typeof FAIL2BAN_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    fail2ban: typeof FAIL2BAN_EVENT_DESCRIPTIONS;
  }
}
