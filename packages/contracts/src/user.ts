import { z } from 'zod';
import { LOCALES } from './constants.js';

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
  isPaidUser: z.boolean(),
  locale: z.enum(LOCALES),
});
export type User = z.infer<typeof userSchema>;
