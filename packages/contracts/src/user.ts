import { z } from 'zod';
import { LOCALES } from './constants.js';
import { preferencesSchema } from './accounts.js';

export const subscriptionSummarySchema = z.object({
  plan: z.string(),
  ends_at: z.string().nullable(),
});

/** The signed-in user as the browser sees it (spec/000 §3). Secrets never appear here. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  profile_photo_path: z.string().nullable(),
  profile_photo_url: z.string().nullable(),
  current_team_id: z.number().int().nullable(),
  hotfix: z.boolean(),
  /** Derived: the user has an active subscription (spec/000 §3). Paid users see the VIP badge. */
  isPaidUser: z.boolean(),
  /**
   * A panel administrator (ADMIN_EMAILS, or the first registered user when none is configured):
   * sees the admin area (`/admin`, docs/scripts.md).
   */
  isAdmin: z.boolean().default(false),
  subscription: subscriptionSummarySchema.nullable(),
  two_factor_enabled: z.boolean(),
  locale: z.enum(LOCALES),
  preferences: preferencesSchema,
});
export type User = z.infer<typeof userSchema>;
