import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { defineRoutes } from './route-contract.js';
import { provisionOptionsSchema, serverNameSchema, type ServerDetail } from './server-management.js';

/**
 * VPS providers (issue 23 point 1, `/user/vps`, spec/000 §1 provider credentials, §3 Server
 * `vps_provider` and App info `vpsProviders`, §7 `api/vps/…`): the account's API tokens at Hetzner
 * Cloud, DigitalOcean and Vultr (sealed at rest, verified with the provider on save, never
 * answered), the providers' regions and plans, creating a server at a provider, deleting it there,
 * and the machines at a provider that no server of the panel points to. docs/vps.md.
 */

/** English messages (i18n keys); Vietnamese in apps/api/src/vps/vps.vi.ts. */
export const VPS_MESSAGES = {
  name: 'Use 1 to 64 letters, digits, spaces and . _ -',
  duplicate: 'You already have a VPS credential with this name',
  unknownProvider: 'Choose one of the VPS providers',
  token: 'An API token is 1 to 512 printable characters without spaces',
  tokenRefused: 'The provider refused this token: {message}',
  refused: 'The VPS provider refused: {message}',
  quota: 'The VPS provider refused because a limit of your account is reached: {message}',
  rateLimited: 'The VPS provider is limiting requests: try again in {seconds} seconds',
  unreachable: 'The VPS provider could not be reached: {message}',
  unexpected: 'The VPS provider answered something the panel cannot read',
  credentialNotFound: 'Choose one of your credentials of this provider',
  noCredential: 'Add a credential of this provider first',
  regionNotFound: 'This region is not offered by the provider',
  planNotFound: 'This plan is not offered in this region',
  notAtProvider: 'This server was not created at a provider',
  notLabelled:
    "The machine at the provider is not labelled as made by this panel: delete it in the provider's console",
  machineGone: 'The machine is no longer at the provider',
  notFailed: 'Only a creation that failed can be resumed',
} as const;

export const VPS_PROVIDER_SLUGS = ['hetzner', 'digitalocean', 'vultr'] as const;
export type VpsProviderSlug = (typeof VPS_PROVIDER_SLUGS)[number];
export const vpsProviderSlugSchema = z.enum(VPS_PROVIDER_SLUGS, { message: VPS_MESSAGES.unknownProvider });

/** A provider as app info and the server's `vps_provider` show it (badge letters on a colour). */
export interface VpsProviderInfo {
  slug: VpsProviderSlug;
  name: string;
  logo: string;
  logo_bg: string;
  logo_color: string;
  /** Where the user makes a token (shown beside the field). */
  token_url: string;
}

/** The providers' table, in the order the page offers them. */
export const VPS_PROVIDERS: readonly VpsProviderInfo[] = [
  {
    slug: 'hetzner',
    name: 'Hetzner Cloud',
    logo: 'HZ',
    logo_bg: '#d50c2d',
    logo_color: '#ffffff',
    token_url: 'https://console.hetzner.cloud/',
  },
  {
    slug: 'digitalocean',
    name: 'DigitalOcean',
    logo: 'DO',
    logo_bg: '#0069ff',
    logo_color: '#ffffff',
    token_url: 'https://cloud.digitalocean.com/account/api/tokens',
  },
  {
    slug: 'vultr',
    name: 'Vultr',
    logo: 'VU',
    logo_bg: '#007bfc',
    logo_color: '#ffffff',
    token_url: 'https://my.vultr.com/settings/#settingsapi',
  },
];

export function findVpsProvider(slug: string | null | undefined): VpsProviderInfo | undefined {
  return VPS_PROVIDERS.find((provider) => provider.slug === slug);
}

/** Server `vps_provider` (spec/000 §3; its schema is in server-management.ts serverDetailSchema). */
export type ServerVpsProvider = NonNullable<ServerDetail['vps_provider']>;

export function presentServerVpsProvider(slug: string | null | undefined): ServerVpsProvider | null {
  const provider = findVpsProvider(slug);
  if (!provider) return null;
  const { name, logo, logo_bg, logo_color } = provider;
  return { slug: provider.slug, name, logo, logo_bg, logo_color };
}

export const VPS_CREDENTIAL_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u;
const credentialName = z
  .string()
  .trim()
  .refine((value) => VPS_CREDENTIAL_NAME_PATTERN.test(value), { message: VPS_MESSAGES.name });
/** A provider's API token: printable ASCII, no white space (it goes into an Authorization header). */
const token = z
  .string()
  .trim()
  .refine((value) => /^[\x21-\x7e]{1,512}$/.test(value), { message: VPS_MESSAGES.token });

/** POST api/vps/credentials. */
export const createVpsCredentialBodySchema = z.strictObject({
  provider: vpsProviderSlugSchema,
  name: credentialName,
  token,
});
export type CreateVpsCredentialBody = z.input<typeof createVpsCredentialBodySchema>;

/** PUT api/vps/credentials/{credential}: a new name and/or a new token (verified before it is kept). */
export const updateVpsCredentialBodySchema = z.strictObject({
  name: credentialName.optional(),
  token: token.optional(),
});
export type UpdateVpsCredentialBody = z.input<typeof updateVpsCredentialBodySchema>;

/** A credential as answered: never its token. */
export const vpsCredentialSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  name: z.string(),
  created_at: z.string(),
});
export type VpsCredential = z.infer<typeof vpsCredentialSchema>;

export const vpsRegionSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string().nullable(),
});
export type VpsRegion = z.infer<typeof vpsRegionSchema>;

/** A plan in a region, with its monthly price in the provider's billing currency. */
export const vpsPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  vcpus: z.number(),
  memory_mb: z.number(),
  disk_gb: z.number(),
  price_monthly: z.number(),
  /** `USD` (DigitalOcean, Vultr) or `EUR` (Hetzner bills in euros). */
  currency: z.string(),
});
export type VpsPlan = z.infer<typeof vpsPlanSchema>;

/** A provider's region or plan id: what the providers use (`fsn1`, `s-1vcpu-1gb`, `vc2-1c-1gb`). */
const providerItemId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, { message: 'Invalid value' });

/** The credential to read a provider with: the user's first of that provider when absent. */
export const vpsCredentialQuerySchema = z.object({
  credential: z.coerce.number().int().positive().optional(),
});

/** POST api/vps/servers: create a machine at a provider, then connect and provision it. */
export const createVpsServerBodySchema = z.strictObject({
  credential_id: z.number().int().positive(),
  region: providerItemId,
  plan: providerItemId,
  name: serverNameSchema,
  provision: provisionOptionsSchema.default(provisionOptionsSchema.parse({})),
});
export type CreateVpsServerBody = z.input<typeof createVpsServerBodySchema>;

/** DELETE api/vps/servers/{server}: the server, and its machine at the provider. */
export const deleteVpsServerBodySchema = z.strictObject({ name: serverNameSchema });

/** A machine at a provider that no server of the panel points to (the reconciliation). */
export const vpsMachineSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  ip: z.string().nullable(),
  region: z.string().nullable(),
  /** Labelled `hostdeck=<server id>` by a panel: made by a panel, and its server is gone. */
  labelled: z.boolean(),
  /** The panel server id its label names, when it has one. */
  server_label: z.string().nullable(),
});
export type VpsMachine = z.infer<typeof vpsMachineSchema>;

/** A server the caller created at a provider, and how far its creation went (GET api/vps/servers). */
export const vpsServerSchema = z.object({
  server_id: z.number().int(),
  name: z.string(),
  provider: z.string(),
  region: z.string(),
  plan: z.string(),
  /** The provider's id of the machine, once it exists. */
  machine_id: z.string().nullable(),
  /** `creating`, `booting`, `ready` or `failed` (a failed one may be resumed). */
  state: z.string(),
  status: z.string(),
});
export type VpsServer = z.infer<typeof vpsServerSchema>;

const credentialParams = z.object({ credential: z.coerce.number().int().positive() });
const providerParams = z.object({ provider: vpsProviderSlugSchema });
const regionParams = providerParams.extend({ region: providerItemId });

export const vpsRoutes = defineRoutes({
  listCredentials: {
    method: 'GET',
    path: '/api/vps/credentials',
    response: z.object({ data: z.array(vpsCredentialSchema) }),
  },
  createCredential: {
    method: 'POST',
    path: '/api/vps/credentials',
    body: createVpsCredentialBodySchema,
    response: z.object({ data: vpsCredentialSchema }),
  },
  showCredential: {
    method: 'GET',
    path: '/api/vps/credentials/:credential',
    params: credentialParams,
    response: z.object({ data: vpsCredentialSchema }),
  },
  updateCredential: {
    method: 'PUT',
    path: '/api/vps/credentials/:credential',
    params: credentialParams,
    body: updateVpsCredentialBodySchema,
    response: z.object({ data: vpsCredentialSchema }),
  },
  deleteCredential: { method: 'DELETE', path: '/api/vps/credentials/:credential', params: credentialParams },
  regions: {
    method: 'GET',
    path: '/api/vps/providers/:provider/regions',
    params: providerParams,
    query: vpsCredentialQuerySchema,
    response: z.object({ data: z.array(vpsRegionSchema) }),
  },
  plans: {
    method: 'GET',
    path: '/api/vps/providers/:provider/regions/:region/plans',
    params: regionParams,
    query: vpsCredentialQuerySchema,
    response: z.object({ data: z.array(vpsPlanSchema) }),
  },
  unmanagedMachines: {
    method: 'GET',
    path: '/api/vps/credentials/:credential/unmanaged',
    params: credentialParams,
    response: z.object({ data: z.array(vpsMachineSchema) }),
  },
  listServers: {
    method: 'GET',
    path: '/api/vps/servers',
    response: z.object({ data: z.array(vpsServerSchema) }),
  },
  createServer: {
    method: 'POST',
    path: '/api/vps/servers',
    body: createVpsServerBodySchema,
    response: z.object({ data: z.object({ server_id: z.number().int(), event_id: z.number().int() }) }),
  },
  /** A creation that failed (provider refused, timed out) goes on from where it stopped. */
  resumeServer: {
    method: 'POST',
    path: '/api/vps/servers/:server/resume',
    response: z.object({ data: z.object({ id: z.number().int() }) }),
  },
  deleteServer: {
    method: 'DELETE',
    path: '/api/vps/servers/:server',
    params: z.object({ server: z.coerce.number().int().positive() }),
    body: deleteVpsServerBodySchema,
  },
});

/** The descriptions of the area's events (events.ts AreaEventDescriptions), English. */
export const VPS_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createAtProvider: 'Create the server at {provider}',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    vps: typeof VPS_EVENT_DESCRIPTIONS;
  }
}
