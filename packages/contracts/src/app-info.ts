import { z } from 'zod';
import { LOCALES } from './constants.js';
import { SOCIAL_PROVIDERS } from './socialites.js';
import { userSchema } from './user.js';

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  /**
   * What it costs now: the lifetime plan's sales price while an event runs. The regular price is
   * the catalogue's (contracts plans.ts `PLANS`), kept out of this first-bundle schema.
   */
  price_cents: z.number().int(),
  interval: z.enum(['month', 'year', 'lifetime']),
});

export const backupDriveSchema = z.object({ id: z.string(), name: z.string() });

export const vpsProviderSchema = z.object({
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  logo_bg: z.string().nullable(),
  logo_color: z.string().nullable(),
});

/** App info of spec/000 §3, returned by GET api/info together with the user (null when signed out). */
export const appInfoSchema = z.object({
  brand: z.string(),
  locale: z.enum(LOCALES),
  locales: z.array(z.enum(LOCALES)),
  logo: z.string().nullable(),
  agent_version: z.number().int(),
  agent_terminal_host: z.string().nullable(),
  agent_file_origin: z.array(z.string()),
  /**
   * The panel's configured address (APP_URL, or the one detected at start): the browser shows a
   * banner when it is opened at an origin the websockets will refuse (issue 26, item 2). Always
   * sent by the panel; optional for the payloads of older panels.
   */
  app_url: z.string().optional(),
  max_commission: z.number(),
  plans: z.array(planSchema),
  /** Bank transfer (SePay) accounts: bin (NAPAS), account number and holder, for VietQR. */
  banks: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      bin: z.string(),
      account: z.string(),
      account_name: z.string(),
    }),
  ),
  phpVersions: z.array(z.string()),
  backup_drives: z.array(backupDriveSchema),
  ubuntu_versions: z.array(z.string()),
  usd_rate: z.number(),
  event_ends_at: z.string().nullable(),
  user: userSchema.nullable(),
  vpsProviders: z.array(vpsProviderSchema),
  /**
   * Whether the operator turned billing on (BILLING_ENABLED): until then nothing is locked as
   * VIP-only and no promotion or upgrade prompt shows (issue 26, item 13).
   */
  billing_enabled: z.boolean().default(false),
  /** Mail is kept in the panel's outbox (/dev/outbox) because no SMTP server is configured. */
  mail_outbox: z.boolean().default(false),
  /**
   * The zone of free subdomains when the operator configured one (FREE_DOMAIN_ZONE and
   * FREE_DOMAIN_CREDENTIAL, docs/free-domains.md); null hides the site form's free-domain toggle.
   */
  free_domain_zone: z.string().nullable().default(null),
  /** The social sign-in providers the operator configured (docs/socialites.md): their buttons show. */
  social_providers: z.array(z.enum(SOCIAL_PROVIDERS)).default([]),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptime_seconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
