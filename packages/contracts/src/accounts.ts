import { z } from 'zod';
import { DEFAULT_SSH_MODE, SSH_MODES } from './terminal.js';
import { LOCALES } from './constants.js';

/**
 * Accounts: registration, sign-in with optional two-factor, email verification, password reset,
 * profile, sessions and preferences (spec/000 §3, §5; SECURITY.md). Requests are strict: an
 * unknown field is an error, not silently dropped.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 255;

/** Rejects control characters in every text field (SECURITY.md: CRLF and control characters). */
const noControlCharacters = (value: string) => !/\p{Cc}/u.test(value);

export const personNameSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(255, 'Max 255 characters')
  .refine(noControlCharacters, 'Invalid value');
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(255, 'Max 255 characters')
  .pipe(z.email('The email must be a valid email address.'));
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'The password must be at least 8 characters.')
  .max(PASSWORD_MAX_LENGTH, 'Max 255 characters');

const withConfirmation = <T extends { password: string; password_confirmation: string }>(value: T) =>
  value.password === value.password_confirmation;
const confirmationIssue = {
  message: 'The password confirmation does not match.',
  path: ['password_confirmation'],
};

export const registerRequestSchema = z
  .strictObject({
    name: personNameSchema,
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string(),
    locale: z.enum(LOCALES).optional(),
  })
  .refine(withConfirmation, confirmationIssue);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, 'Required').max(PASSWORD_MAX_LENGTH, 'Max 255 characters'),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * Answer of POST api/login. With two-factor on, no session starts yet: `two_factor` is true and the
 * browser asks for a code (POST api/two-factor-challenge).
 */
export const loginResponseSchema = z.object({ two_factor: z.boolean() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const twoFactorChallengeRequestSchema = z
  .strictObject({
    code: z
      .string()
      .regex(/^\d{6}$/, 'The code must be 6 digits.')
      .optional(),
    recovery_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/, 'The provided two factor recovery code was invalid.')
      .optional(),
  })
  .refine((value) => value.code !== undefined || value.recovery_code !== undefined, {
    message: 'Required',
    path: ['code'],
  });
export type TwoFactorChallengeRequest = z.infer<typeof twoFactorChallengeRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });

/** The reset link carries token and email in its fragment; the page posts them back here. */
export const resetPasswordRequestSchema = z
  .strictObject({
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This password reset token is invalid.'),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine(withConfirmation, confirmationIssue);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The verification link carries a signed token in its fragment; the page posts it here. */
export const verifyEmailRequestSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_.-]{1,512}$/, 'Verification Fail'),
});

export const updateProfileRequestSchema = z.strictObject({
  name: personNameSchema,
  email: emailSchema,
});

export const updatePasswordRequestSchema = z
  .strictObject({
    current_password: z.string().min(1, 'Required').max(PASSWORD_MAX_LENGTH),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine(withConfirmation, confirmationIssue);

/** Actions that need the password again: delete account, log out other sessions, two-factor. */
export const confirmPasswordRequestSchema = z.strictObject({
  password: z.string().min(1, 'Required').max(PASSWORD_MAX_LENGTH),
});

export const twoFactorSetupSchema = z.object({
  /** Base32 secret, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as an SVG QR code. */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const confirmTwoFactorRequestSchema = z.strictObject({
  code: z.string().regex(/^\d{6}$/, 'The code must be 6 digits.'),
});

export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });

/** One browser session of GET api/user/sessions. */
export const browserSessionSchema = z.object({
  id: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  browser: z.string(),
  platform: z.string(),
  is_desktop: z.boolean(),
  is_current_device: z.boolean(),
  last_active_at: z.string(),
});
export type BrowserSession = z.infer<typeof browserSessionSchema>;
export const browserSessionsSchema = z.object({ data: z.array(browserSessionSchema) });

export const SERVER_LIST_VIEWS = ['grid', 'list'] as const;
export const THEME_MODES = ['light', 'dark'] as const;

/**
 * Preferences kept per user (spec/000 §3): drawer and sub-drawer states, server list view, table
 * options and columns (invoice_price 'Cost' and protected 'Protection', both visible by default),
 * locale, and the theme. Stored on the panel and restored on the next sign-in.
 */
/** The file manager's settings (spec/001 §2 Settings dialog): names in `includes` always show. */
export const fileSettingsSchema = z.object({
  showHiddenFiles: z.boolean(),
  showSystemFiles: z.boolean(),
  includes: z.array(z.string().min(1).max(255).refine(noControlCharacters, 'Invalid value')).max(100),
});
export type FileSettingsPreference = z.infer<typeof fileSettingsSchema>;

export const preferencesSchema = z.object({
  drawer_open: z.boolean().default(true),
  sub_drawer_open: z.boolean().default(true),
  server_list_view: z.enum(SERVER_LIST_VIEWS).default('grid'),
  table_options: z
    .object({
      items_per_page: z.number().int().min(1).max(50).default(10),
      columns: z
        .record(
          z.string().regex(/^[a-z_]{1,40}$/),
          z.object({ label: z.string().max(40), visible: z.boolean() }),
        )
        .default({
          invoice_price: { label: 'Cost', visible: true },
          protected: { label: 'Protection', visible: true },
        }),
    })
    .default({
      items_per_page: 10,
      columns: {
        invoice_price: { label: 'Cost', visible: true },
        protected: { label: 'Protection', visible: true },
      },
    }),
  locale: z.enum(LOCALES).default('en'),
  theme: z.enum(THEME_MODES).nullable().default(null),
  /** File manager settings (spec/001 §3, §9 defaults). */
  file_settings: fileSettingsSchema.default({
    showHiddenFiles: true,
    showSystemFiles: true,
    includes: ['.env', '.htaccess'],
  }),
  /** The terminal's Connect Mode (spec/001 §3 Terminal preference, §9 default remote). */
  ssh_mode: z.enum(SSH_MODES).default(DEFAULT_SSH_MODE),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});

/** PUT api/user/preferences: any subset; the panel merges it into what is stored. */
export const updatePreferencesRequestSchema = z.strictObject({
  drawer_open: z.boolean().optional(),
  sub_drawer_open: z.boolean().optional(),
  server_list_view: z.enum(SERVER_LIST_VIEWS).optional(),
  // Without its default: an update that leaves table_options out must not reset them.
  table_options: preferencesSchema.shape.table_options.unwrap().optional(),
  locale: z.enum(LOCALES).optional(),
  theme: z.enum(THEME_MODES).nullable().optional(),
  file_settings: fileSettingsSchema.optional(),
  ssh_mode: z.enum(SSH_MODES).optional(),
});

/** A message of the development outbox (mail sent while no SMTP server is configured). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export const outboxSchema = z.object({ data: z.array(outboxMessageSchema) });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Browser routes the emails link to; the token rides in the fragment so no server log sees it. */
export const ACCOUNT_LINKS = {
  verifyEmail: '/email/verify/confirm',
  resetPassword: '/reset-password',
} as const;

export const PROFILE_PHOTO_MAX_BYTES = 1024 * 1024;
export const PROFILE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
