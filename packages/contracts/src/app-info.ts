import { z } from 'zod';
import { LOCALES } from './constants.js';
import { userSchema } from './user.js';

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
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
  max_commission: z.number(),
  plans: z.array(planSchema),
  banks: z.array(z.object({ id: z.string(), name: z.string() })),
  phpVersions: z.array(z.string()),
  backup_drives: z.array(backupDriveSchema),
  ubuntu_versions: z.array(z.string()),
  usd_rate: z.number(),
  event_ends_at: z.string().nullable(),
  user: userSchema.nullable(),
  vpsProviders: z.array(vpsProviderSchema),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptime_seconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
