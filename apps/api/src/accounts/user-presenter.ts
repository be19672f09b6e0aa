import {
  DEFAULT_PREFERENCES,
  LOCALES,
  preferencesSchema,
  type Locale,
  type Preferences,
  type User,
} from '@hostdeck/contracts';
import type { UserRow } from '../auth/sessions.repository.js';
import { profilePhotoUrl } from './profile-photos.js';

export interface SubscriptionSummary {
  plan: string;
  endsAt: Date | null;
}

/**
 * The user as the browser sees it (contracts userSchema). Built field by field from the row, so
 * the password hash and the sealed two-factor columns cannot leak.
 */
export function presentUser(user: UserRow, subscription: SubscriptionSummary | null, isAdmin = false): User {
  const locale = toLocale(user.locale);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    profile_photo_path: user.profilePhotoPath,
    profile_photo_url: profilePhotoUrl(user.profilePhotoPath),
    current_team_id: user.currentTeamId,
    hotfix: user.hotfix,
    isPaidUser: subscription !== null,
    isAdmin,
    subscription: subscription
      ? { plan: subscription.plan, ends_at: subscription.endsAt?.toISOString() ?? null }
      : null,
    two_factor_enabled: user.twoFactorConfirmedAt !== null,
    locale,
    // users.locale is the one truth for the language; preferences repeat it for the browser.
    preferences: { ...readPreferences(user.preferences), locale },
  };
}

/**
 * Stored preferences merged over the defaults, one key at a time: a key that no longer
 * validates (an older shape) falls back to its default without losing the others.
 */
export function readPreferences(stored: unknown): Preferences {
  const record = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const preferences: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  for (const [key, schema] of Object.entries(preferencesSchema.shape)) {
    const parsed = schema.safeParse(record[key]);
    if (parsed.success) preferences[key] = parsed.data;
  }
  return preferences as Preferences;
}

export function toLocale(value: string): Locale {
  return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en';
}
