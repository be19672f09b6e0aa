import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    locale: varchar('locale', { length: 8 }).notNull().default('en'),
    profilePhotoPath: text('profile_photo_path'),
    currentTeamId: integer('current_team_id'),
    hotfix: boolean('hotfix').notNull().default(false),
    /** TOTP secret and recovery codes, sealed (crypto/secret-box.ts); never presented. */
    sealedTwoFactorSecret: text('sealed_two_factor_secret'),
    sealedTwoFactorRecoveryCodes: text('sealed_two_factor_recovery_codes'),
    /** Two-factor sign-in applies only once the user proved the authenticator works. */
    twoFactorConfirmedAt: timestamp('two_factor_confirmed_at', { withTimezone: true }),
    /** Per-user preferences of spec/000 §3 (contracts `preferencesSchema`). */
    preferences: jsonb('preferences').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

/** Browser sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable('sessions', {
  id: varchar('id', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  ipAddress: varchar('ip_address', { length: 45 }),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A paid plan; a user with an active one is a paid (VIP) user (spec/000 §3, §6). */
export const subscriptions = pgTable('subscriptions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: varchar('plan', { length: 64 }).notNull(),
  status: varchar('status', { length: 32 }).notNull().default('active'),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One outstanding password reset per email; the link carries the token, the table its SHA-256. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  email: varchar('email', { length: 255 }).primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
