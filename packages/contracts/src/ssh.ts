import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { hasControlCharacters, portSchema } from './grammars.js';
import { idParamSchema } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';

/**
 * The server's sshd settings (spec/000 §2 servers.ssh, "SSH settings" tab). The panel writes only
 * its drop-in, SSHD_DROP_IN (sshd takes the FIRST value it reads of most keywords, and Debian's and
 * Ubuntu's sshd_config include sshd_config.d/*.conf at their top), validated with `sshd -t` and
 * applied with safe apply (docs/safe-apply.md, kind ssh). docs/ssh.md.
 */

export const SSHD_DROP_IN = '/etc/ssh/sshd_config.d/00-hostdeck.conf';

/** Messages of the section's grammars and checks (English; Vietnamese in apps/api/src/ssh/ssh.vi.ts). */
export const SSH_MESSAGES = {
  rawLine: 'Line {line} of the text:',
  line: 'Each line must be "Keyword value" with a keyword of the list (no Match, no Include)',
  keyword: 'This keyword cannot be set from the panel',
  value: 'Use letters, digits, spaces and . , : @ * ? ! / + = _ - only',
  duplicate: 'This keyword is given twice',
  yesNo: 'Use yes or no',
  permitRootLogin: 'Use yes, prohibit-password, forced-commands-only or no',
  allowUsers: 'Use user names or user@host patterns separated by spaces',
  number: 'Use a whole number',
  maxAuthTries: 'Use a number from 1 to 100',
  clientAliveInterval: 'Use a number of seconds from 0 to 86400',
  portInRaw: 'Set the port with the form, not in the text',
  rootLoginOff: 'The panel logs in as root: PermitRootLogin no would lock it out',
  rootPasswordOff:
    'The panel logs in as root with a password: PermitRootLogin prohibit-password would lock it out',
  passwordOff: 'The panel logs in with a password: PasswordAuthentication no would lock it out',
  pubkeyOff: 'The panel logs in with its key: PubkeyAuthentication no would lock it out',
  userNotAllowed: 'The panel logs in as {user}: AllowUsers must include it',
  userDenied: 'The panel logs in as {user}: DenyUsers must not include it',
  methodsOff: 'The panel logs in with {method}: AuthenticationMethods must allow it alone',
  confirm: 'Type the server name to confirm',
  invalid: 'Invalid value',
} as const;

/**
 * The keywords the panel may write (sshd_config(5) of OpenSSH 8.9 to 9.6: Ubuntu 22.04 to Debian
 * 12 and Ubuntu 24.04). Never `Match` (a block would swallow the lines after it), `Include`,
 * `ListenAddress` (the panel connects to the recorded address), files or commands
 * (`AuthorizedKeysCommand`, `ForceCommand`, `Banner`, `HostKey`…). `Port` is the form's own field.
 */
export const SSHD_KEYWORDS = [
  'PermitRootLogin',
  'PasswordAuthentication',
  'PubkeyAuthentication',
  'KbdInteractiveAuthentication',
  'AuthenticationMethods',
  'PermitEmptyPasswords',
  'AllowUsers',
  'DenyUsers',
  'AllowGroups',
  'DenyGroups',
  'MaxAuthTries',
  'MaxSessions',
  'MaxStartups',
  'LoginGraceTime',
  'ClientAliveInterval',
  'ClientAliveCountMax',
  'TCPKeepAlive',
  'UseDNS',
  'X11Forwarding',
  'AllowTcpForwarding',
  'AllowAgentForwarding',
  'GatewayPorts',
  'PermitTunnel',
  'PrintMotd',
  'PrintLastLog',
  'LogLevel',
  'Ciphers',
  'MACs',
  'KexAlgorithms',
  'HostKeyAlgorithms',
  'PubkeyAcceptedAlgorithms',
  'Compression',
  'StrictModes',
  'IgnoreRhosts',
  'HostbasedAuthentication',
  'GSSAPIAuthentication',
  'KerberosAuthentication',
  'PermitTTY',
  'DisableForwarding',
] as const;
export type SshdKeyword = (typeof SSHD_KEYWORDS)[number];

/** A keyword as sshd reads it (case-insensitive) → its spelling in the list; undefined when not allowed. */
export function sshdKeyword(word: string): SshdKeyword | undefined {
  const lower = word.toLowerCase();
  return SSHD_KEYWORDS.find((keyword) => keyword.toLowerCase() === lower);
}

/**
 * A value: words of printable ASCII `A-Za-z0-9.,:@*?!/+=_-` (user@host patterns, algorithm lists
 * such as `+ssh-rsa` or `-3des-cbc`, `10:30:100`), single spaces between them. Nothing sshd
 * would read as a quote, an escape, a comment or a second line.
 */
const VALUE_PATTERN = /^[A-Za-z0-9.,:@*?!/+=_-]+(?: [A-Za-z0-9.,:@*?!/+=_-]+)*$/;
export const SSHD_VALUE_MAX_LENGTH = 1000;
export function isSshdValue(value: string): boolean {
  return value.length <= SSHD_VALUE_MAX_LENGTH && !hasControlCharacters(value) && VALUE_PATTERN.test(value);
}

export const sshdSettingSchema = z.strictObject({
  keyword: z.enum(SSHD_KEYWORDS, { error: SSH_MESSAGES.keyword }),
  value: z
    .string()
    .min(1, { error: SSH_MESSAGES.value, abort: true })
    .refine(isSshdValue, { message: SSH_MESSAGES.value, abort: true }),
});
export type SshdSetting = z.output<typeof sshdSettingSchema>;

/** Settings of the drop-in, each keyword once, in the order written. */
export const sshdSettingsSchema = z
  .array(sshdSettingSchema)
  .max(SSHD_KEYWORDS.length)
  .superRefine((settings, context) => {
    const seen = new Set<string>();
    settings.forEach((setting, index) => {
      if (seen.has(setting.keyword)) {
        context.addIssue({ code: 'custom', path: [index, 'keyword'], message: SSH_MESSAGES.duplicate });
      }
      seen.add(setting.keyword);
    });
  });

export const SSHD_RAW_MAX_LENGTH = 16_000;

/** One parse problem of the raw text: its line (1-based) and message. */
export interface SshdRawProblem {
  line: number;
  message: string;
}

/**
 * The raw drop-in text → settings. Blank lines and `#` comments are skipped (not kept); every other
 * line is `Keyword value` (or `Keyword=value`) with an allowed keyword, once each. `Port` is
 * refused (the form's port field moves sshd safely).
 */
export function parseSshdRaw(text: string): { settings: SshdSetting[]; problems: SshdRawProblem[] } {
  const settings: SshdSetting[] = [];
  const problems: SshdRawProblem[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((rawLine, index) => {
    const line = rawLine.replace(/\r$/, '').trim();
    const number = index + 1;
    if (line === '' || line.startsWith('#')) {
      if (hasControlCharacters(line.replace(/\t/g, ' ')))
        problems.push({ line: number, message: SSH_MESSAGES.value });
      return;
    }
    const match = /^([A-Za-z][A-Za-z0-9]*)(?:\s*=\s*|[ \t]+)(.+)$/.exec(line);
    if (!match) {
      problems.push({ line: number, message: SSH_MESSAGES.line });
      return;
    }
    const [, word, rest] = match as unknown as [string, string, string];
    if (word.toLowerCase() === 'port') {
      problems.push({ line: number, message: SSH_MESSAGES.portInRaw });
      return;
    }
    const keyword = sshdKeyword(word);
    if (!keyword) {
      problems.push({ line: number, message: SSH_MESSAGES.keyword });
      return;
    }
    const value = rest.trim().replace(/[ \t]+/g, ' ');
    if (!isSshdValue(value)) {
      problems.push({ line: number, message: SSH_MESSAGES.value });
      return;
    }
    if (seen.has(keyword)) {
      problems.push({ line: number, message: SSH_MESSAGES.duplicate });
      return;
    }
    seen.add(keyword);
    settings.push({ keyword, value });
  });
  return { settings, problems };
}

/** The drop-in's text for settings (what the raw editor shows, without the header). */
export function renderSshdSettings(settings: readonly SshdSetting[]): string {
  return settings.map((setting) => `${setting.keyword} ${setting.value}\n`).join('');
}

const yesNoSchema = z.enum(['yes', 'no'], { error: SSH_MESSAGES.yesNo });
export const PERMIT_ROOT_LOGIN_VALUES = ['yes', 'prohibit-password', 'forced-commands-only', 'no'] as const;

/** user, user@host, with * and ? patterns; spaces between. */
const ALLOW_USERS_PATTERN = /^[A-Za-z0-9._*?@:/-]+(?: [A-Za-z0-9._*?@:/-]+)*$/;
export const allowUsersSchema = z
  .string()
  .max(SSHD_VALUE_MAX_LENGTH, { error: SSH_MESSAGES.allowUsers })
  .refine((value) => value === '' || (ALLOW_USERS_PATTERN.test(value) && !value.startsWith('-')), {
    message: SSH_MESSAGES.allowUsers,
  });

/** The form of the SSH settings tab (each field the value `sshd -T` reports). */
export const sshdFormSchema = z.strictObject({
  port: portSchema,
  permitrootlogin: z.enum(PERMIT_ROOT_LOGIN_VALUES, { error: SSH_MESSAGES.permitRootLogin }),
  passwordauthentication: yesNoSchema,
  pubkeyauthentication: yesNoSchema,
  /** '' for anyone. */
  allowusers: allowUsersSchema,
  maxauthtries: z
    .number({ error: SSH_MESSAGES.number })
    .int({ error: SSH_MESSAGES.number })
    .min(1, { error: SSH_MESSAGES.maxAuthTries })
    .max(100, { error: SSH_MESSAGES.maxAuthTries }),
  clientaliveinterval: z
    .number({ error: SSH_MESSAGES.number })
    .int({ error: SSH_MESSAGES.number })
    .min(0, { error: SSH_MESSAGES.clientAliveInterval })
    .max(86_400, { error: SSH_MESSAGES.clientAliveInterval }),
});
export type SshdForm = z.output<typeof sshdFormSchema>;

/**
 * POST api/servers/{server}/sshd_config: the form (its fields replace the same keywords of the
 * drop-in, other lines are kept), or `raw`, the whole drop-in's text (the port stays as it is
 * unless `port` is given too).
 */
export const updateSshdConfigRequestSchema = z
  .strictObject({
    form: sshdFormSchema.optional(),
    raw: z.string().max(SSHD_RAW_MAX_LENGTH, { error: SSH_MESSAGES.invalid }).optional(),
    port: portSchema.optional(),
  })
  .superRefine((body, context) => {
    if ((body.form === undefined) === (body.raw === undefined)) {
      context.addIssue({ code: 'custom', path: ['raw'], message: SSH_MESSAGES.invalid });
    }
    if (body.form !== undefined && body.port !== undefined) {
      context.addIssue({ code: 'custom', path: ['port'], message: SSH_MESSAGES.invalid });
    }
  });
export type UpdateSshdConfigRequest = z.input<typeof updateSshdConfigRequestSchema>;
export type UpdateSshdConfigRequestBody = z.output<typeof updateSshdConfigRequestSchema>;

/** GET api/servers/{server}/sshd_config. */
export const sshdConfigSchema = z.object({
  /** The values `sshd -T` reports (what sshd really uses, every file read). */
  form: z.object({
    port: z.number().int(),
    permitrootlogin: z.string(),
    passwordauthentication: z.string(),
    pubkeyauthentication: z.string(),
    allowusers: z.string(),
    maxauthtries: z.number().int(),
    clientaliveinterval: z.number().int(),
  }),
  /** Every port sshd listens on (more than one when set so by hand). */
  ports: z.array(z.number().int()),
  /** The panel's drop-in without its header comment ('' when absent). */
  raw: z.string(),
  /** Ubuntu 22.10+: sshd is started by ssh.socket, whose ListenStream carries the port. */
  socket: z.boolean(),
  /** The user and the way the panel logs in (the page warns before a change that would refuse it). */
  panel: z.object({ user: z.string(), auth: z.enum(['key', 'password']) }),
  /** An earlier change still waits for its confirmation or revert. */
  pending: z.boolean(),
});
export type SshdConfig = z.output<typeof sshdConfigSchema>;

const serverParams = z.object({ server: idParamSchema });

export const sshdConfigRoute = {
  method: 'GET' as const,
  path: '/api/servers/:server/sshd_config',
  params: serverParams,
  response: z.object({ data: sshdConfigSchema }),
};
export const updateSshdConfigRoute = {
  method: 'POST' as const,
  path: '/api/servers/:server/sshd_config',
  params: serverParams,
  body: updateSshdConfigRequestSchema,
  response: startedEventResponseSchema,
};

/** POST api/servers/{server}/host-key/reset: the server's name typed, to confirm. */
export const resetHostKeyRequestSchema = z.strictObject({
  confirm: z.string().max(255, { error: SSH_MESSAGES.confirm }),
});
export const resetHostKeyRoute = {
  method: 'POST' as const,
  path: '/api/servers/:server/host-key/reset',
  params: serverParams,
  body: resetHostKeyRequestSchema,
  response: null,
};

/** The descriptions of the section's events (events.ts AreaEventDescriptions), English. */
export const SSH_EVENT_DESCRIPTIONS = defineEventDescriptions({
  updateSshdConfig: 'Change the SSH settings',
  changeSshPort: 'Move SSH from port {previous} to port {port}',
});
export type SshEventDescriptionId = keyof typeof SSH_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    ssh: typeof SSH_EVENT_DESCRIPTIONS;
  }
}
