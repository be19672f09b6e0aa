import { z } from 'zod';
import { DNS_RECORD_TYPES } from './constants.js';
import { dnsRecordInputSchema, dnsRecordTypeSchema } from './dns-records.js';
import { hasControlCharacters } from './grammars.js';
import { defineRoutes } from './route-contract.js';

/**
 * The account's DNS provider credentials and their zones and records (issue 19, `/user/dns`,
 * spec/000 §3 DNS providers and credentials, §7 `api/dns/…`, "DNS responses have data"). Every
 * provider sits behind one adapter interface (apps/api/src/dns-providers/dns-provider.ts); its
 * token is sealed at rest, verified with the provider on save and never answered. docs/dns-providers.md.
 */

/** English messages (i18n keys); Vietnamese in apps/api/src/dns-providers/dns-providers.vi.ts. */
export const DNS_PROVIDER_MESSAGES = {
  name: 'Use 1 to 64 letters, digits, spaces and . _ -',
  duplicate: 'You already have a DNS credential with this name',
  unknownProvider: 'Choose one of the DNS providers',
  tokenRequired: 'Enter the API token',
  token: 'An API token is 1 to 512 printable characters without spaces',
  account: 'Use 1 to 128 letters, digits, _ and - (not first)',
  serverRequired: 'Choose one of your servers',
  tokenRefused: 'The provider refused this token: {message}',
  refused: 'The DNS provider refused: {message}',
  rateLimited: 'The DNS provider is limiting requests: try again in {seconds} seconds',
  unreachable: 'The DNS provider could not be reached: {message}',
  zoneNotFound: 'This zone is not in this credential',
  recordNotFound: 'This record is not in this zone',
  typeNotSupported: 'This provider does not accept {type} records',
  proxyNotSupported: 'This provider has no proxy',
} as const;

export const DNS_CREDENTIAL_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u;

/** A provider's slug: `cloudflare`, `digitalocean`, `bind9`, … (the providers' table in the API). */
export const dnsProviderSlugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, {
  message: DNS_PROVIDER_MESSAGES.unknownProvider,
});

/** What a provider's credential form asks for (the providers' table says which, in this order). */
export const DNS_PROVIDER_FIELDS = ['token', 'account', 'server_id'] as const;
export type DnsProviderField = (typeof DNS_PROVIDER_FIELDS)[number];

/** GET api/dns/providers: one provider. `logo` is the letters of its badge, on `logo_bg` in `logo_color`. */
export const dnsProviderSchema = z.object({
  slug: z.string(),
  name: z.string(),
  logo: z.string(),
  logo_bg: z.string(),
  logo_color: z.string(),
  fields: z.array(z.enum(DNS_PROVIDER_FIELDS)),
  /** Where the user makes a token, and with which permissions (shown next to the field). */
  token_url: z.string().nullable(),
  types: z.array(dnsRecordTypeSchema),
  hasProxy: z.boolean(),
});
export type DnsProvider = z.infer<typeof dnsProviderSchema>;

const credentialName = z
  .string()
  .trim()
  .refine((value) => DNS_CREDENTIAL_NAME_PATTERN.test(value), { message: DNS_PROVIDER_MESSAGES.name });
/** A provider's API token: printable ASCII, no white space (it goes into an Authorization header). */
const token = z
  .string()
  .trim()
  .refine((value) => /^[\x21-\x7e]{1,512}$/.test(value), { message: DNS_PROVIDER_MESSAGES.token });
const account = z
  .string()
  .trim()
  .refine((value) => /^[A-Za-z0-9_][A-Za-z0-9_-]{0,127}$/.test(value), {
    message: DNS_PROVIDER_MESSAGES.account,
  });

/** POST api/dns/credentials. Which of token, account and server_id are needed depends on the provider. */
export const createDnsCredentialBodySchema = z.strictObject({
  provider: dnsProviderSlugSchema,
  name: credentialName,
  token: token.optional(),
  account: account.optional(),
  server_id: z.number().int().positive().optional(),
});
export type CreateDnsCredentialBody = z.input<typeof createDnsCredentialBodySchema>;

/** PUT api/dns/credentials/{credential}: a new name and/or a new token (verified before it is kept). */
export const updateDnsCredentialBodySchema = z.strictObject({
  name: credentialName.optional(),
  token: token.optional(),
});
export type UpdateDnsCredentialBody = z.input<typeof updateDnsCredentialBodySchema>;

/** A credential as answered: never its token, only whether it has one. */
export const dnsCredentialSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  name: z.string(),
  account: z.string().nullable(),
  server_id: z.number().int().nullable(),
  has_token: z.boolean(),
  created_at: z.string(),
});
export type DnsCredential = z.infer<typeof dnsCredentialSchema>;

export const dnsZoneSchema = z.object({ id: z.string(), name: z.string() });
export type DnsZoneItem = z.infer<typeof dnsZoneSchema>;

/**
 * A record as a provider lists it. Looser than the input grammar on purpose: a record made
 * elsewhere (a TTL the panel does not offer, a TXT with a quote) is still shown; only writes are
 * held to `dnsRecordInputSchema`.
 */
export const dnsRecordSchema = z.object({
  id: z.string(),
  type: z.enum(DNS_RECORD_TYPES),
  name: z.string(),
  ttl: z.number(),
  content: z.string(),
  proxied: z.boolean().optional(),
  priority: z.number().optional(),
  weight: z.number().optional(),
  port: z.number().optional(),
  flags: z.number().optional(),
  tag: z.string().optional(),
  params: z.string().optional(),
});

export const dnsRecordsMetaSchema = z.object({ types: z.array(dnsRecordTypeSchema), hasProxy: z.boolean() });

const zoneParam = z
  .string()
  .refine((value) => /^[A-Za-z0-9._-]{1,253}$/.test(value) && !hasControlCharacters(value), {
    message: DNS_PROVIDER_MESSAGES.zoneNotFound,
  });
const recordParam = z.string().refine((value) => /^[A-Za-z0-9._:=-]{1,128}$/.test(value), {
  message: DNS_PROVIDER_MESSAGES.recordNotFound,
});
const credentialParams = z.object({ credential: z.coerce.number().int().positive() });
const zoneParams = credentialParams.extend({ zone: zoneParam });
const recordParams = zoneParams.extend({ record: recordParam });

export const dnsProviderRoutes = defineRoutes({
  providers: {
    method: 'GET',
    path: '/api/dns/providers',
    response: z.object({ data: z.array(dnsProviderSchema) }),
  },
  listCredentials: {
    method: 'GET',
    path: '/api/dns/credentials',
    response: z.object({ data: z.array(dnsCredentialSchema) }),
  },
  createCredential: {
    method: 'POST',
    path: '/api/dns/credentials',
    body: createDnsCredentialBodySchema,
    response: z.object({ data: dnsCredentialSchema }),
  },
  showCredential: {
    method: 'GET',
    path: '/api/dns/credentials/:credential',
    params: credentialParams,
    response: z.object({ data: dnsCredentialSchema }),
  },
  updateCredential: {
    method: 'PUT',
    path: '/api/dns/credentials/:credential',
    params: credentialParams,
    body: updateDnsCredentialBodySchema,
    response: z.object({ data: dnsCredentialSchema }),
  },
  deleteCredential: { method: 'DELETE', path: '/api/dns/credentials/:credential', params: credentialParams },
  zones: {
    method: 'GET',
    path: '/api/dns/credentials/:credential/zones',
    params: credentialParams,
    response: z.object({ data: z.array(dnsZoneSchema) }),
  },
  records: {
    method: 'GET',
    path: '/api/dns/credentials/:credential/zones/:zone/records',
    params: zoneParams,
    response: z.object({ data: z.array(dnsRecordSchema), meta: dnsRecordsMetaSchema }),
  },
  createRecord: {
    method: 'POST',
    path: '/api/dns/credentials/:credential/zones/:zone/records',
    params: zoneParams,
    body: dnsRecordInputSchema,
    response: z.object({ data: dnsRecordSchema }),
  },
  updateRecord: {
    method: 'PUT',
    path: '/api/dns/credentials/:credential/zones/:zone/records/:record',
    params: recordParams,
    body: dnsRecordInputSchema,
    response: z.object({ data: dnsRecordSchema }),
  },
  deleteRecord: {
    method: 'DELETE',
    path: '/api/dns/credentials/:credential/zones/:zone/records/:record',
    params: recordParams,
  },
});
