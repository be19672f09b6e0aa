import { z } from 'zod';
import { dnsRecordInputSchema } from './dns-records.js';
import { defineEventDescriptions } from './events.js';
import { isDomain, isSafeValue } from './grammars.js';
import { defineRoutes, idParamSchema } from './route-contract.js';
import { defineServerSection } from './server-sections.js';
import { UPDATE_KEYS } from './update-keys.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * The mail server of a server (issue 19; spec/000 §2 /servers/{server}/mailserver, §7 "Mail domains
 * (check, ssl, default, list, create, delete), mail accounts, mail settings", §9 message size limit
 * in MB, 0 = unlimited). Postfix + Dovecot + OpenDKIM from Debian, installed from Applications
 * (`mailserver`). Everything listed is read from the server (the panel keeps no copy): the
 * panel-owned files under /etc/hostdeck-mail/ are the truth. Every change is an event (a recipe);
 * passwords reach the server on the recipe's stdin only and are hashed there. docs/mailserver.md.
 */

/** English messages (i18n keys); Vietnamese in apps/api/src/mailserver/mailserver.vi.ts. */
export const MAILSERVER_MESSAGES = {
  notInstalled: 'The mail server is not installed on this server',
  domain: 'Enter a domain such as example.com',
  domainTaken: 'This mail domain already exists on this server',
  domainMissing: 'This mail domain does not exist on this server',
  domainInUse: 'Delete the accounts and aliases of this domain first',
  localPart: 'Use 1 to 64 letters, digits and . _ + - starting with a letter or a digit',
  address: 'Enter an email address such as name@example.com',
  addressDomain: 'The address must belong to one of this server\u2019s mail domains',
  accountTaken: 'An account or alias with this address already exists',
  accountMissing: 'This mail account does not exist on this server',
  aliasMissing: 'This alias does not exist on this server',
  password: 'Use 8 to 128 printable characters',
  quota: 'Enter a quota in MB, 0 for unlimited',
  sizeLimit: 'Enter a size in MB, 0 for unlimited',
  relayHost: 'Enter a host name or IP address, with an optional port: smtp.example.com:587',
  destinations: 'Enter 1 to 50 addresses',
  certificate: 'This site has no certificate on this server',
  invalid: VALIDATION_MESSAGES.invalid,
} as const;

/** The application's name in Applications (applications.ts APPLICATION_NAMES). */
export const MAILSERVER_APPLICATION = 'mailserver';
/** The OpenDKIM selector of every domain: its key is at `hostdeck._domainkey.<domain>`. */
export const MAILSERVER_DKIM_SELECTOR = 'hostdeck';
/** Limits (MB). 0 means unlimited for both. */
export const MAILSERVER_MAX_QUOTA_MB = 1_048_576;
export const MAILSERVER_MAX_MESSAGE_SIZE_MB = 2048;
export const MAILSERVER_DEFAULT_MESSAGE_SIZE_MB = 25;

function grammar(accepts: (value: string) => boolean, message: string, max: number) {
  return z
    .string()
    .min(1, { abort: true })
    .max(max, { message, abort: true })
    .refine((value) => isSafeValue(value) && accepts(value), { message, abort: true });
}

/** A mail domain: a lowercase domain (grammars.ts). */
export const mailDomainNameSchema = grammar(isDomain, MAILSERVER_MESSAGES.domain, 253);

const LOCAL_PART_PATTERN = /^[a-z0-9](?:[a-z0-9._+-]{0,62}[a-z0-9])?$/;
/** The part before `@`: lowercase letters, digits and `. _ + -`, no `..`, not starting with `-`. */
export function isMailLocalPart(value: string): boolean {
  return LOCAL_PART_PATTERN.test(value) && !value.includes('..');
}
export const mailLocalPartSchema = grammar(isMailLocalPart, MAILSERVER_MESSAGES.localPart, 64);

/** A full address `local@domain`, lowercase (never repaired: `A@x.com` is refused). */
export function isMailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0 || value.indexOf('@') !== at) return false;
  return isMailLocalPart(value.slice(0, at)) && isDomain(value.slice(at + 1));
}
export const mailAddressSchema = grammar(isMailAddress, MAILSERVER_MESSAGES.address, 254);
/** The domain of an address. */
export function mailAddressDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}

/**
 * A password: 8 to 128 printable ASCII characters (space allowed). It reaches the server only on
 * the recipe's stdin, hashed there (SHA512-CRYPT), never in a script, argv, environment or log.
 */
export const mailPasswordSchema = z
  .string()
  .min(8, { message: MAILSERVER_MESSAGES.password, abort: true })
  .max(128, { message: MAILSERVER_MESSAGES.password, abort: true })
  .refine((value) => /^[\x20-\x7e]+$/.test(value), { message: MAILSERVER_MESSAGES.password, abort: true });

/** A quota in MB, 0 = unlimited. */
export const mailQuotaSchema = z
  .number({ error: MAILSERVER_MESSAGES.quota })
  .int({ message: MAILSERVER_MESSAGES.quota })
  .min(0, { message: MAILSERVER_MESSAGES.quota })
  .max(MAILSERVER_MAX_QUOTA_MB, { message: MAILSERVER_MESSAGES.quota });

/** The message size limit in MB (spec/000 §9), 0 = unlimited. */
export const mailMessageSizeSchema = z
  .number({ error: MAILSERVER_MESSAGES.sizeLimit })
  .int({ message: MAILSERVER_MESSAGES.sizeLimit })
  .min(0, { message: MAILSERVER_MESSAGES.sizeLimit })
  .max(MAILSERVER_MAX_MESSAGE_SIZE_MB, { message: MAILSERVER_MESSAGES.sizeLimit });

const IPV4 =
  '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(?:\\.(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}';
const RELAY_PATTERN = new RegExp(`^(?:\\[(?:${IPV4}|[a-z0-9.-]+)\\]|[a-z0-9.-]+)(?::(?:[1-9][0-9]{0,4}))?$`);
/**
 * The relay host (Postfix `relayhost`) as `host`, `host:port`, `[host]` or `[host]:port` (brackets:
 * no MX lookup); a domain or an IPv4 address; empty string = send directly.
 */
export function isRelayHost(value: string): boolean {
  if (!RELAY_PATTERN.test(value)) return false;
  const host = value
    .replace(/^\[/, '')
    .replace(/\](?::\d+)?$/, '')
    .replace(/:\d+$/, '');
  const port = /:(\d+)$/.exec(value)?.[1];
  if (port !== undefined && Number(port) > 65535) return false;
  return isDomain(host) || new RegExp(`^${IPV4}$`).test(host);
}
/** A relay host, never empty (the recipes' input: null there means "deliver directly"). */
export const mailRelayHostValueSchema = grammar(isRelayHost, MAILSERVER_MESSAGES.relayHost, 260);
export const mailRelayHostSchema = z.union([z.literal(''), mailRelayHostValueSchema]);

// ---------------------------------------------------------------------------------------------
// What the list reads

/** A mail domain as read from the server. */
export const mailDomainSchema = z.object({
  name: z.string(),
  /** The default domain: Postfix's `myorigin` (the domain of the server's own mail). */
  is_default: z.boolean(),
  /** OpenDKIM has a key for it (selector `hostdeck`). */
  dkim: z.boolean(),
  /** The DKIM public key as its TXT record text (`v=DKIM1; k=rsa; p=…`), null without a key. */
  dkim_record: z.string().nullable(),
  accounts: z.number().int(),
  aliases: z.number().int(),
});
export type MailDomain = z.infer<typeof mailDomainSchema>;

/** A mailbox (an account that can sign in to IMAP and SMTP submission). */
export const mailAccountSchema = z.object({
  address: z.string(),
  domain: z.string(),
  /** MB, 0 = unlimited. */
  quota_mb: z.number().int(),
  /** Bytes in its Maildir now. */
  used_bytes: z.number().int(),
});
export type MailAccount = z.infer<typeof mailAccountSchema>;

/**
 * An alias or forward: mail to `source` goes to every destination. `source` is an address of one
 * of the server's domains; destinations are any addresses (local or elsewhere). A FORWARD is an
 * alias whose source is an account: its mail goes on to the destinations, and stays in the
 * account too only when its own address is among them (`keep_copy`).
 */
export const mailAliasSchema = z.object({
  source: z.string(),
  domain: z.string(),
  destinations: z.array(z.string()),
  kind: z.enum(['alias', 'forward']),
  keep_copy: z.boolean(),
});
export type MailAlias = z.infer<typeof mailAliasSchema>;

/** Mail settings (spec/000 §7 mail settings, §9). */
export const mailSettingsSchema = z.object({
  /** MB, 0 = unlimited (Postfix `message_size_limit`). */
  message_size_limit_mb: z.number().int(),
  /** Postfix `relayhost`; '' = deliver directly. */
  relay_host: z.string(),
  /** The mail host's name (Postfix `myhostname`): the MX target of every domain. */
  hostname: z.string(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

/** The certificate Postfix and Dovecot present (STARTTLS on 25/587, TLS on 993/465). */
export const mailSslSchema = z.object({
  /** `site`: a site certificate's files; `self-signed`: Debian's snakeoil. */
  source: z.enum(['site', 'self-signed']),
  /** The site whose certificate is used, when `site`. */
  site_id: z.number().int().nullable(),
  /** Names the certificate covers (its subject alternative names). */
  names: z.array(z.string()),
  /** ISO date it expires, null when unknown. */
  expires_at: z.string().nullable(),
});
export type MailSsl = z.infer<typeof mailSslSchema>;

/** A service's systemd state (`active`, `inactive`, `failed`…). */
export const mailServicesSchema = z.object({
  postfix: z.string(),
  dovecot: z.string(),
  opendkim: z.string(),
});

/** GET api/servers/{server}/mail: the whole mail server in one read. */
export const mailOverviewSchema = z.object({
  installed: z.boolean(),
  services: mailServicesSchema,
  settings: mailSettingsSchema,
  ssl: mailSslSchema,
  domains: z.array(mailDomainSchema),
  accounts: z.array(mailAccountSchema),
  aliases: z.array(mailAliasSchema),
});
export type MailOverview = z.infer<typeof mailOverviewSchema>;
export const mailOverviewResponseSchema = z.object({ data: mailOverviewSchema });

// ---------------------------------------------------------------------------------------------
// Domain check: the records it needs and their state

/**
 * The state of one needed record: `ok` (found as needed), `missing` (no record of this type and
 * name), `different` (records there, none as needed: `found` says what), `unknown` (could not be
 * asked: `detail` says why, e.g. no DNS reachable from the panel).
 */
export const MAIL_RECORD_STATES = ['ok', 'missing', 'different', 'unknown'] as const;
export type MailRecordState = (typeof MAIL_RECORD_STATES)[number];
export const MAIL_RECORD_PURPOSES = ['mx', 'spf', 'dkim', 'dmarc'] as const;

export const mailNeededRecordSchema = z.object({
  purpose: z.enum(MAIL_RECORD_PURPOSES),
  /** The record to create, relative to the domain's zone (`@`, `_dmarc`, `hostdeck._domainkey`). */
  record: dnsRecordInputSchema,
  /** The record's full name (`_dmarc.example.com`). */
  fqdn: z.string(),
  state: z.enum(MAIL_RECORD_STATES),
  /** What the DNS answered for this name and type (texts as found). */
  found: z.array(z.string()),
  detail: z.string().nullable(),
});
export type MailNeededRecord = z.infer<typeof mailNeededRecordSchema>;

/** Who was asked: the public DNS (the panel's resolver) or one of the user's bind9 servers. */
export const mailDomainCheckSchema = z.object({
  domain: z.string(),
  source: z.object({ kind: z.enum(['public', 'bind9']), server_id: z.number().int().nullable() }),
  records: z.array(mailNeededRecordSchema),
});
export type MailDomainCheck = z.infer<typeof mailDomainCheckSchema>;
export const mailDomainCheckQuerySchema = z.object({
  /** Ask this server's bind9 (one of the caller's servers) instead of the public DNS. */
  dns_server: idParamSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Deliverability

export const MAIL_DELIVERABILITY_CHECKS = ['port25', 'rdns', 'blocklist'] as const;
/** `ok`, `problem`, or `unknown` = could not be checked from here (`detail` says why). */
export const MAIL_CHECK_STATES = ['ok', 'problem', 'unknown'] as const;
export const mailDeliverabilityItemSchema = z.object({
  check: z.enum(MAIL_DELIVERABILITY_CHECKS),
  state: z.enum(MAIL_CHECK_STATES),
  /** English sentence (an i18n key with `values`), e.g. "Port 25 outbound is open". */
  detail: z.string(),
  values: z.record(z.string(), z.string()),
});
export type MailDeliverabilityItem = z.infer<typeof mailDeliverabilityItemSchema>;
export const mailDeliverabilitySchema = z.object({
  ip: z.string(),
  hostname: z.string(),
  checks: z.array(mailDeliverabilityItemSchema),
});
export type MailDeliverability = z.infer<typeof mailDeliverabilitySchema>;

/** The deliverability details (English, i18n keys with `{placeholders}`). */
export const MAIL_DELIVERABILITY_TEXTS = {
  port25Open: 'Port 25 outbound is open: {target} answered',
  port25Blocked: 'Port 25 outbound is blocked: {target} did not answer',
  port25Unknown: 'Port 25 outbound cannot be checked: the server cannot resolve or reach the internet',
  rdnsOk: 'The reverse DNS of {ip} is {name}, which points back to it',
  rdnsMismatch: 'The reverse DNS of {ip} is {name}, not the mail host {hostname}',
  rdnsMissing: 'The address {ip} has no reverse DNS: ask the server provider to set it to {hostname}',
  rdnsUnknown: 'Reverse DNS cannot be checked: the panel cannot reach a DNS server',
  blocklistClean: '{ip} is not listed on {list}',
  blocklistListed: '{ip} is listed on {list}',
  blocklistUnknown: 'Blocklists cannot be checked: the panel cannot reach {list}',
  privateAddress: '{ip} is a private address: it cannot be checked from the internet',
} as const;

// ---------------------------------------------------------------------------------------------
// Request bodies

export const createMailDomainBodySchema = z.strictObject({ name: mailDomainNameSchema });
export const createMailAccountBodySchema = z.strictObject({
  address: mailAddressSchema,
  password: mailPasswordSchema,
  quota_mb: mailQuotaSchema.default(0),
});
export type CreateMailAccountBody = z.input<typeof createMailAccountBodySchema>;
export const mailAccountPasswordBodySchema = z.strictObject({ password: mailPasswordSchema });
export const mailAccountQuotaBodySchema = z.strictObject({ quota_mb: mailQuotaSchema });
export const mailAliasBodySchema = z.strictObject({
  source: mailAddressSchema,
  destinations: z
    .array(mailAddressSchema)
    .min(1, { message: MAILSERVER_MESSAGES.destinations })
    .max(50, { message: MAILSERVER_MESSAGES.destinations }),
});
export type MailAliasBody = z.input<typeof mailAliasBodySchema>;
export const mailSettingsBodySchema = z.strictObject({
  message_size_limit_mb: mailMessageSizeSchema,
  relay_host: mailRelayHostSchema,
  hostname: mailDomainNameSchema,
});
export type MailSettingsBody = z.input<typeof mailSettingsBodySchema>;
/** PUT api/servers/{server}/mail/ssl: a site's certificate, or null for the self-signed one. */
export const mailSslBodySchema = z.strictObject({ site_id: z.number().int().positive().nullable() });

const domainParams = z.object({ domain: mailDomainNameSchema });
const addressParams = z.object({ address: mailAddressSchema });

/**
 * The section's contract (docs/adding-a-server-section.md): the list is the domains, every action
 * is 201 with the event it started. Addresses and domains in paths are URL-encoded.
 */
export const mailserverSection = defineServerSection({
  name: 'mailserver',
  updateKey: UPDATE_KEYS.servers,
  list: { path: '/api/servers/:server/mail/domains', query: z.object({}), item: mailDomainSchema },
  actions: {
    createDomain: {
      method: 'POST',
      path: '/api/servers/:server/mail/domains',
      body: createMailDomainBodySchema,
    },
    deleteDomain: {
      method: 'DELETE',
      path: '/api/servers/:server/mail/domains/:domain',
      params: domainParams,
    },
    defaultDomain: {
      method: 'POST',
      path: '/api/servers/:server/mail/domains/:domain/default',
      params: domainParams,
    },
    createAccount: {
      method: 'POST',
      path: '/api/servers/:server/mail/accounts',
      body: createMailAccountBodySchema,
    },
    accountPassword: {
      method: 'PUT',
      path: '/api/servers/:server/mail/accounts/:address/password',
      params: addressParams,
      body: mailAccountPasswordBodySchema,
    },
    accountQuota: {
      method: 'PUT',
      path: '/api/servers/:server/mail/accounts/:address/quota',
      params: addressParams,
      body: mailAccountQuotaBodySchema,
    },
    deleteAccount: {
      method: 'DELETE',
      path: '/api/servers/:server/mail/accounts/:address',
      params: addressParams,
    },
    /** Creates or replaces the alias/forward of `source`. */
    saveAlias: { method: 'PUT', path: '/api/servers/:server/mail/aliases', body: mailAliasBodySchema },
    deleteAlias: {
      method: 'DELETE',
      path: '/api/servers/:server/mail/aliases/:address',
      params: addressParams,
    },
    settings: { method: 'PUT', path: '/api/servers/:server/mail/settings', body: mailSettingsBodySchema },
    ssl: { method: 'PUT', path: '/api/servers/:server/mail/ssl', body: mailSslBodySchema },
  },
});

export const mailserverRoutes = defineRoutes({
  /** Everything in one read: domains, accounts, aliases, settings, SSL, services. */
  overview: {
    method: 'GET',
    path: '/api/servers/:server/mail',
    response: mailOverviewResponseSchema,
  },
  domains: mailserverSection.list,
  /** The records a domain needs (MX, SPF, DKIM, DMARC) and their state in the DNS. */
  checkDomain: {
    method: 'GET',
    path: '/api/servers/:server/mail/domains/:domain/check',
    params: z.object({ server: idParamSchema, domain: mailDomainNameSchema }),
    query: mailDomainCheckQuerySchema,
    response: z.object({ data: mailDomainCheckSchema }),
  },
  /** Port 25 outbound, reverse DNS and a blocklist, each `unknown` where it cannot be checked. */
  deliverability: {
    method: 'GET',
    path: '/api/servers/:server/mail/deliverability',
    response: z.object({ data: mailDeliverabilitySchema }),
  },
  ...mailserverSection.actions,
});

export const MAILSERVER_UPDATE_KEY = mailserverSection.updateKey;

/** Event types (`events.type`). */
export const MAILSERVER_EVENT_PREFIX = 'mailserver_';
export const MAILSERVER_EVENT_TYPES = {
  createDomain: 'mailserver_domain_create',
  deleteDomain: 'mailserver_domain_delete',
  defaultDomain: 'mailserver_domain_default',
  createAccount: 'mailserver_account_create',
  accountPassword: 'mailserver_account_password',
  accountQuota: 'mailserver_account_quota',
  deleteAccount: 'mailserver_account_delete',
  saveAlias: 'mailserver_alias_save',
  deleteAlias: 'mailserver_alias_delete',
  settings: 'mailserver_settings',
  ssl: 'mailserver_ssl',
} as const;

export const MAILSERVER_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createMailDomain: 'Add the mail domain {domain}',
  deleteMailDomain: 'Delete the mail domain {domain}',
  defaultMailDomain: 'Make {domain} the default mail domain',
  createMailAccount: 'Create the mail account {address}',
  mailAccountPassword: 'Change the password of {address}',
  mailAccountQuota: 'Set the quota of {address} to {quota} MB',
  deleteMailAccount: 'Delete the mail account {address}',
  saveMailAlias: 'Save the alias {address}',
  deleteMailAlias: 'Delete the alias {address}',
  mailSettings: 'Change the mail settings',
  mailSsl: 'Change the mail server\u2019s certificate',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    mailserver: typeof MAILSERVER_EVENT_DESCRIPTIONS;
  }
}
