import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { ERROR_IDS, type ErrorId, type Locale } from '@hostdeck/contracts';
import {
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_PROVIDERS,
  SOCIALITE_MESSAGES,
  type SocialProvider,
  type Socialite,
} from '@hostdeck/contracts/socialites';
import type { LoginResult, ClientInfo, SignInService } from '../accounts/sign-in.service.js';
import { findUserById, insertUser, isEmailTaken, isUniqueViolation } from '../accounts/users.repository.js';
import type { UserRow } from '../auth/sessions.repository.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { DomainError, UnauthenticatedError } from '../domain/errors.js';
import { createPersonalTeam } from '../teams/personal-team.repository.js';
import type { SocialIdentity, SocialProviderAdapter } from './social-providers.js';
import { SocialProviderError } from './social-providers.js';
import type { SocialitesRepository } from './socialites.repository.js';

/** A refusal of social sign-in, worded for the user (422, 409 or 404). */
export class SocialAuthFailure extends DomainError {
  constructor(
    readonly status: number,
    readonly id: ErrorId,
    message: string,
    parameters: Record<string, string | number> = {},
  ) {
    super(message, parameters);
  }
}

/** The time to sign in at the provider and approve the panel. */
export const SOCIAL_STATE_LIFETIME_MS = 10 * 60_000;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');
const VERIFIER_PURPOSE = 'social_auth_states.verifier';
const NONCE_PURPOSE = 'social_auth_states.nonce';

export type SocialCallbackResult =
  | { result: 'linked'; created: false }
  | { result: 'signed-in'; created: boolean; login: LoginResult & { twoFactor: false }; user: UserRow }
  | { result: 'two-factor'; created: false; login: LoginResult & { twoFactor: true } };

export interface SocialitesDependencies {
  db: Database;
  repository: SocialitesRepository;
  providers: Partial<Record<SocialProvider, SocialProviderAdapter>>;
  secretBox: SecretBox;
  signIn: Pick<SignInService, 'continueSignIn'>;
  /** APP_URL: the redirect URI is built from it, never from the Host header. */
  appUrl: string;
  now?: () => Date;
}

/**
 * Social sign-in, sign-up, linking and unlinking (issue 23 point 2, docs/socialites.md;
 * SECURITY.md "account linking"). A provider's email alone never signs in to an existing account:
 * only a link made while signed in does. Sign-up needs an email the provider verified.
 */
export function createSocialitesService({
  db,
  repository,
  providers,
  secretBox,
  signIn,
  appUrl,
  now = () => new Date(),
}: SocialitesDependencies) {
  const redirectUri = (provider: SocialProvider) => `${appUrl.replace(/\/+$/, '')}/auth/${provider}/callback`;
  const fail = (status: number, message: string, parameters: Record<string, string | number> = {}) =>
    new SocialAuthFailure(
      status,
      status === 404 ? ERROR_IDS.notFound : status === 409 ? ERROR_IDS.conflict : ERROR_IDS.validation,
      message,
      parameters,
    );

  function adapterOf(provider: SocialProvider): SocialProviderAdapter {
    const adapter = providers[provider];
    if (!adapter)
      throw fail(422, SOCIALITE_MESSAGES.notConfigured, { provider: SOCIAL_PROVIDER_NAMES[provider] });
    return adapter;
  }

  async function signUp(
    identity: SocialIdentity & { email: string },
    provider: SocialProvider,
    locale: Locale,
  ) {
    const name = (identity.name ?? identity.email.split('@')[0] ?? identity.email).slice(0, 255);
    return db
      .transaction(async (transaction) => {
        const row = await insertUser(transaction, {
          name,
          email: identity.email,
          passwordHash: null,
          // The provider verified it (a refusal otherwise, above).
          emailVerifiedAt: now(),
          locale,
          preferences: { locale },
        });
        const team = await createPersonalTeam(transaction, row);
        await repository.insert(transaction, {
          userId: row.id,
          provider,
          providerUserId: identity.id,
          email: identity.email,
          accountName: identity.name,
        });
        return { ...row, currentTeamId: team.id };
      })
      .catch((error: unknown) => {
        // The same email registered at the same moment: the unique index decides, no takeover.
        if (isUniqueViolation(error))
          throw fail(409, SOCIALITE_MESSAGES.emailTaken, {
            email: identity.email,
            provider: SOCIAL_PROVIDER_NAMES[provider],
          });
        throw error;
      });
  }

  return {
    enabledProviders(): SocialProvider[] {
      return SOCIAL_PROVIDERS.filter((provider) => providers[provider] !== undefined);
    },

    async list(caller: UserRow): Promise<Socialite[]> {
      return (await repository.listOwned(caller.id)).map((row) => ({
        provider: row.provider as SocialProvider,
        name: SOCIAL_PROVIDER_NAMES[row.provider as SocialProvider] ?? row.provider,
        email: row.email,
        account_name: row.accountName,
        created_at: row.createdAt.toISOString(),
      }));
    },

    /**
     * The provider's authorization address and the state the browser keeps in a cookie. Linking
     * binds the state to the signed-in user and session too.
     */
    async start(input: {
      provider: SocialProvider;
      link: boolean;
      caller: UserRow | null;
      sessionId: string | null;
    }): Promise<{ url: string; state: string }> {
      const adapter = adapterOf(input.provider);
      if (input.link && (!input.caller || !input.sessionId)) throw new UnauthenticatedError();
      const state = randomBytes(32).toString('base64url');
      const verifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      let url: string;
      try {
        url = await adapter.authorizeUrl({
          redirectUri: redirectUri(input.provider),
          state,
          verifier,
          nonce,
        });
      } catch (error) {
        if (error instanceof SocialProviderError)
          throw fail(422, SOCIALITE_MESSAGES.exchange, {
            provider: SOCIAL_PROVIDER_NAMES[input.provider],
            message: error.message,
          });
        throw error;
      }
      await repository.saveState({
        stateHash: hashState(state),
        provider: input.provider,
        userId: input.link ? input.caller!.id : null,
        sessionId: input.link ? input.sessionId : null,
        sealedVerifier: secretBox.seal(verifier, VERIFIER_PURPOSE),
        sealedNonce: secretBox.seal(nonce, NONCE_PURPOSE),
        expiresAt: new Date(now().getTime() + SOCIAL_STATE_LIFETIME_MS),
      });
      return { url, state };
    },

    /**
     * What the provider sent back. The state must be the one this browser's cookie holds, unused,
     * unexpired, for this provider (and, for a link, this user and session); it is spent whatever
     * happens next, so a replayed code finds nothing.
     */
    async callback(input: {
      provider: SocialProvider;
      code?: string | undefined;
      state: string;
      error?: string | undefined;
      issuer?: string | undefined;
      cookieState: string | undefined;
      caller: UserRow | null;
      sessionId: string | null;
      client: ClientInfo;
      locale: Locale;
    }): Promise<SocialCallbackResult> {
      const providerName = SOCIAL_PROVIDER_NAMES[input.provider];
      const stateError = () => fail(422, SOCIALITE_MESSAGES.state);
      const stored = await repository.takeState(hashState(input.state));
      if (
        !stored ||
        input.cookieState !== input.state ||
        stored.provider !== input.provider ||
        stored.expiresAt.getTime() <= now().getTime()
      )
        throw stateError();
      const linking = stored.userId !== null;
      if (linking && (stored.userId !== input.caller?.id || stored.sessionId !== input.sessionId))
        throw stateError();
      if (input.error || !input.code) throw fail(422, SOCIALITE_MESSAGES.denied, { provider: providerName });
      const adapter = adapterOf(input.provider);
      let identity: SocialIdentity;
      try {
        identity = await adapter.identify({
          redirectUri: redirectUri(input.provider),
          code: input.code,
          state: input.state,
          verifier: secretBox.open(stored.sealedVerifier, VERIFIER_PURPOSE),
          nonce: secretBox.open(stored.sealedNonce, NONCE_PURPOSE),
          issuer: input.issuer,
        });
      } catch (error) {
        if (error instanceof SocialProviderError)
          throw fail(422, SOCIALITE_MESSAGES.exchange, { provider: providerName, message: error.message });
        throw error;
      }
      const existing = await repository.findByAccount(input.provider, identity.id);

      if (linking) {
        const caller = input.caller!;
        if (existing && existing.userId !== caller.id)
          throw fail(409, SOCIALITE_MESSAGES.linkedElsewhere, { provider: providerName });
        if (existing) return { result: 'linked', created: false };
        if ((await repository.listOwned(caller.id)).some((row) => row.provider === input.provider))
          throw fail(409, SOCIALITE_MESSAGES.alreadyLinked, { provider: providerName });
        try {
          await repository.insert(db, {
            userId: caller.id,
            provider: input.provider,
            providerUserId: identity.id,
            email: identity.email,
            accountName: identity.name,
          });
        } catch (error) {
          if (isUniqueViolation(error))
            throw fail(409, SOCIALITE_MESSAGES.linkedElsewhere, { provider: providerName });
          throw error;
        }
        return { result: 'linked', created: false };
      }

      let user = existing ? await findUserById(db, existing.userId) : null;
      let created = false;
      if (!user) {
        if (!identity.email || !identity.emailVerified)
          throw fail(422, SOCIALITE_MESSAGES.unverifiedEmail, { provider: providerName });
        // Never a takeover: an account with this email signs in with its password, then links.
        if (await isEmailTaken(db, identity.email))
          throw fail(409, SOCIALITE_MESSAGES.emailTaken, { email: identity.email, provider: providerName });
        user = await signUp({ ...identity, email: identity.email }, input.provider, input.locale);
        created = true;
      }
      const login = await signIn.continueSignIn(user, input.client, false);
      if (login.twoFactor) return { result: 'two-factor', created: false, login };
      return { result: 'signed-in', created, login, user };
    },

    /** Unlinks the caller's provider, unless it is their only way to sign in. */
    async unlink(caller: UserRow, provider: SocialProvider): Promise<void> {
      const links = await repository.listOwned(caller.id);
      if (!links.some((row) => row.provider === provider))
        throw fail(404, SOCIALITE_MESSAGES.notLinked, { provider: SOCIAL_PROVIDER_NAMES[provider] });
      if (!caller.passwordHash && links.length <= 1) throw fail(422, SOCIALITE_MESSAGES.lastMethod);
      await repository.removeOwned(caller.id, provider);
    },
  };
}
export type SocialitesService = ReturnType<typeof createSocialitesService>;
