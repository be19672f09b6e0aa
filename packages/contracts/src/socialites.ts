import { z } from 'zod';
import { defineRoutes } from './route-contract.js';

/**
 * Social sign-in (issue 23 point 2, spec/000 §1 "social account linking", §3 socialites, §7
 * `POST api/auth/{provider}/unlink`, `GET api/user/socialites`): GitHub over OAuth 2, Google over
 * OpenID Connect. The provider sends the browser back to the SPA page `/auth/{provider}/callback`,
 * which posts the code and state to the API (so the sign-in is a POST the audit log records).
 * docs/socialites.md.
 */

export const SOCIAL_PROVIDERS = ['github', 'google'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { github: 'GitHub', google: 'Google' };

/** English messages (i18n keys); Vietnamese in apps/api/src/socialites/socialites.vi.ts. */
export const SOCIALITE_MESSAGES = {
  unknownProvider: 'Choose GitHub or Google',
  notConfigured: 'Sign-in with {provider} is not set up on this panel',
  state: 'This sign-in attempt has expired or was not started in this browser. Please try again.',
  denied: 'Sign-in with {provider} was cancelled',
  exchange: '{provider} did not confirm the sign-in: {message}',
  unverifiedEmail:
    'Your {provider} account has no verified email address. Verify one at {provider}, then try again.',
  emailTaken:
    'An account with the email {email} already exists. Sign in with your password, then link {provider} from your profile.',
  linkedElsewhere: 'This {provider} account is already linked to another account',
  alreadyLinked: 'Your account is already linked to a {provider} account',
  notLinked: 'Your account is not linked to {provider}',
  lastMethod: 'Set a password or link another provider first: this is your only way to sign in',
} as const;

export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS, { message: SOCIALITE_MESSAGES.unknownProvider });

/** One linked provider account (GET api/user/socialites). Tokens are never kept, so never sent. */
export const socialiteSchema = z.object({
  provider: socialProviderSchema,
  name: z.string(),
  /** The provider account's email and display name when it gave them. */
  email: z.string().nullable(),
  account_name: z.string().nullable(),
  created_at: z.string(),
});
export type Socialite = z.infer<typeof socialiteSchema>;

const providerParams = z.object({ provider: socialProviderSchema });

export const socialiteRoutes = defineRoutes({
  /** The caller's linked providers. */
  list: {
    method: 'GET',
    path: '/api/user/socialites',
    response: z.object({ data: z.array(socialiteSchema) }),
  },
  /**
   * Starts sign-in (or sign-up) with a provider, signed out; or linking, signed in (`link: true`).
   * Answers the provider's authorization address; the state is bound to this browser by a cookie.
   */
  start: {
    method: 'POST',
    path: '/api/auth/:provider/redirect',
    params: providerParams,
    body: z.strictObject({ link: z.boolean().optional() }),
    response: z.object({ data: z.object({ url: z.string() }) }),
  },
  /** The SPA posts what the provider sent back. */
  callback: {
    method: 'POST',
    path: '/api/auth/:provider/callback',
    params: providerParams,
    body: z.strictObject({
      code: z.string().min(1).max(2048).optional(),
      state: z.string().min(1).max(256),
      error: z.string().max(256).optional(),
      /** The issuer the provider named in its answer (RFC 9207), checked by the OIDC client. */
      iss: z.string().max(512).optional(),
    }),
    response: z.object({
      data: z.object({
        /** `signed-in`, `two-factor` (continue at the two-factor challenge) or `linked`. */
        result: z.enum(['signed-in', 'two-factor', 'linked']),
        created: z.boolean(),
      }),
    }),
  },
  unlink: { method: 'POST', path: '/api/auth/:provider/unlink', params: providerParams },
});
