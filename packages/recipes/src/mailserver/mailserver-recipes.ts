import { z } from 'zod';
import {
  MAILSERVER_DKIM_SELECTOR,
  mailAddressSchema,
  mailDomainNameSchema,
  mailMessageSizeSchema,
  mailQuotaSchema,
  mailRelayHostValueSchema,
} from '@hostdeck/contracts/mailserver';
import { domainSchema } from '@hostdeck/contracts';
import { defineRecipe, type RecipeStep } from '../recipe.js';
import { passwordBytes, passwordHexSchema } from '../sites/site-inputs.js';

const MINUTE = 60_000;

/** The first step of every mail change: the panel's base configuration, idempotent (lib/mailserver.sh). */
const configure: RecipeStep = {
  id: 'configure',
  title: 'Check the mail server configuration',
  script: 'mailserver/configure.sh',
  timeoutMs: 3 * MINUTE,
  idempotent: true,
};
const selector = { HD_SELECTOR: MAILSERVER_DKIM_SELECTOR };

/**
 * The read-only inventory the panel runs each time it shows a server's mail (never as an event):
 * services, settings, certificate, domains with their DKIM public key, accounts with quota and
 * usage, aliases (scripts/mailserver/inventory.sh).
 */
export const mailserverInventory = defineRecipe({
  id: 'mailserver-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read the mail server',
      script: 'mailserver/inventory.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: () => ({ ...selector }),
  example: {},
});

/** Whether the server can open port 25 to a big mail provider (read-only, never an event). */
export const mailserverDeliverability = defineRecipe({
  id: 'mailserver-deliverability',
  input: z.strictObject({}),
  steps: [
    {
      id: 'port25',
      title: 'Try port 25 outbound',
      script: 'mailserver/deliverability.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

/** `port25 TAB open|blocked|unknown TAB TARGET` (scripts/mailserver/deliverability.sh). */
export function parsePort25(output: string): { state: 'open' | 'blocked' | 'unknown'; target: string } {
  for (const line of output.split('\n')) {
    const [kind, state, target] = line.split('\t');
    if (kind === 'port25' && (state === 'open' || state === 'blocked' || state === 'unknown') && target) {
      return { state, target };
    }
  }
  return { state: 'unknown', target: '' };
}

const domainInput = z.strictObject({ domain: mailDomainNameSchema });

/** A domain accepted for mail, with its DKIM key made on the server. */
export const mailserverDomainAdd = defineRecipe({
  id: 'mailserver-domain-add',
  input: domainInput,
  steps: [
    configure,
    {
      id: 'domain',
      title: 'Add the domain and its DKIM key',
      script: 'mailserver/domain-add.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_DOMAIN: input.domain, ...selector }),
  example: { domain: 'example.com' },
});

/** A domain removed (refused while accounts or aliases remain), its DKIM key with it. */
export const mailserverDomainDelete = defineRecipe({
  id: 'mailserver-domain-delete',
  input: domainInput,
  steps: [
    configure,
    {
      id: 'domain',
      title: 'Remove the domain and its DKIM key',
      script: 'mailserver/domain-delete.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_DOMAIN: input.domain, ...selector }),
  example: { domain: 'example.com' },
});

/** The default domain: Postfix's myorigin. */
export const mailserverDomainDefault = defineRecipe({
  id: 'mailserver-domain-default',
  input: domainInput,
  steps: [
    configure,
    {
      id: 'default',
      title: 'Make it the default domain',
      script: 'mailserver/domain-default.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_DOMAIN: input.domain }),
  example: { domain: 'example.com' },
});

const accountStep: RecipeStep = {
  id: 'account',
  title: 'Write the account',
  script: 'mailserver/account-save.sh',
  timeoutMs: MINUTE,
  idempotent: true,
};

/**
 * A new account; its password as bytes on stdin (`password_hex` in the input, as the database
 * recipes take theirs), hashed on the server.
 */
export const mailserverAccountCreate = defineRecipe({
  id: 'mailserver-account-create',
  input: z.strictObject({
    address: mailAddressSchema,
    password_hex: passwordHexSchema,
    quota_mb: mailQuotaSchema,
  }),
  steps: [configure, accountStep],
  environment: (input) => ({
    HD_ADDRESS: input.address,
    HD_MODE: 'create',
    HD_QUOTA_MB: String(input.quota_mb),
  }),
  secrets: (input) => Buffer.concat([passwordBytes(input.password_hex), Buffer.from('\n')]),
  example: { address: 'info@example.com', password_hex: '636f727265637420686f727365', quota_mb: 0 },
});

/** A new password for an account (stdin, hashed on the server); its quota kept. */
export const mailserverAccountPassword = defineRecipe({
  id: 'mailserver-account-password',
  input: z.strictObject({ address: mailAddressSchema, password_hex: passwordHexSchema }),
  steps: [configure, accountStep],
  environment: (input) => ({ HD_ADDRESS: input.address, HD_MODE: 'password', HD_QUOTA_MB: '0' }),
  secrets: (input) => Buffer.concat([passwordBytes(input.password_hex), Buffer.from('\n')]),
  example: { address: 'info@example.com', password_hex: '636f727265637420686f727365' },
});

/** An account's quota (MB, 0 = unlimited); its password kept. */
export const mailserverAccountQuota = defineRecipe({
  id: 'mailserver-account-quota',
  input: z.strictObject({ address: mailAddressSchema, quota_mb: mailQuotaSchema }),
  steps: [configure, accountStep],
  environment: (input) => ({
    HD_ADDRESS: input.address,
    HD_MODE: 'quota',
    HD_QUOTA_MB: String(input.quota_mb),
  }),
  example: { address: 'info@example.com', quota_mb: 500 },
});

/** An account removed; its Maildir moved aside, never deleted. */
export const mailserverAccountDelete = defineRecipe({
  id: 'mailserver-account-delete',
  input: z.strictObject({ address: mailAddressSchema }),
  steps: [
    configure,
    {
      id: 'account',
      title: 'Remove the account',
      script: 'mailserver/account-delete.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_ADDRESS: input.address }),
  example: { address: 'info@example.com' },
});

/** An alias or forward: mail to `source` goes to each destination. */
export const mailserverAliasSave = defineRecipe({
  id: 'mailserver-alias-save',
  input: z.strictObject({
    source: mailAddressSchema,
    destinations: z.array(mailAddressSchema).min(1).max(50),
  }),
  steps: [
    configure,
    {
      id: 'alias',
      title: 'Write the alias',
      script: 'mailserver/alias-save.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_SOURCE: input.source, HD_DESTINATIONS: input.destinations.join(',') }),
  example: { source: 'sales@example.com', destinations: ['info@example.com', 'boss@example.org'] },
});

export const mailserverAliasDelete = defineRecipe({
  id: 'mailserver-alias-delete',
  input: z.strictObject({ source: mailAddressSchema }),
  steps: [
    configure,
    {
      id: 'alias',
      title: 'Remove the alias',
      script: 'mailserver/alias-delete.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_SOURCE: input.source }),
  example: { source: 'sales@example.com' },
});

/** Message size limit (MB, 0 = unlimited), relay host, mail host name. */
export const mailserverSettings = defineRecipe({
  id: 'mailserver-settings',
  input: z.strictObject({
    message_size_limit_mb: mailMessageSizeSchema,
    /** null: deliver directly. */
    relay_host: mailRelayHostValueSchema.nullable(),
    hostname: mailDomainNameSchema,
  }),
  steps: [
    configure,
    {
      id: 'settings',
      title: 'Apply the mail settings',
      script: 'mailserver/settings.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_MESSAGE_SIZE_BYTES: String(input.message_size_limit_mb * 1024 * 1024),
    HD_RELAY_HOST: input.relay_host ?? '',
    HD_HOSTNAME: input.hostname,
  }),
  example: { message_size_limit_mb: 25, relay_host: null, hostname: 'mail.example.com' },
});

/** The certificate of mail: a site's (its files on the server) or the self-signed one. */
export const mailserverSsl = defineRecipe({
  id: 'mailserver-ssl',
  input: z.strictObject({
    site_id: z.number().int().positive().nullable(),
    site_domain: domainSchema.nullable(),
  }),
  steps: [
    configure,
    {
      id: 'ssl',
      title: 'Use the certificate for mail',
      script: 'mailserver/ssl.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site_id === null ? 'self-signed' : String(input.site_id),
    HD_SITE_DOMAIN: input.site_id === null ? '' : (input.site_domain ?? ''),
  }),
  example: { site_id: 3, site_domain: 'example.com' },
});
