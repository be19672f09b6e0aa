import type { User } from '@hostdeck/contracts';
import type { UserRow } from '../auth/sessions.repository.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import type { MailLog, Mailer } from '../mail/mailer.js';
import { createAdminPolicy } from '../admin/admin-policy.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { deriveAccountKeys } from './account-keys.js';
import { createBrowserSessionsService } from './browser-sessions.service.js';
import { createEmailVerificationService } from './email-verification.service.js';
import { createPasswordResetService } from './password-reset.service.js';
import { createProfilePhotoStore } from './profile-photos.js';
import { createProfileService } from './profile.service.js';
import { createSignInService } from './sign-in.service.js';
import { createTwoFactorService } from './two-factor.service.js';
import { presentUser } from './user-presenter.js';
import { findActiveSubscription } from './users.repository.js';

export interface AccountsDependencies {
  db: Database;
  mailer: Mailer;
  secretBox: SecretBox;
  appKey: Buffer;
  /** Base of every emailed link (config APP_URL), never a request's Host header. */
  appUrl: string;
  brand: string;
  dataDir: string;
  log: MailLog;
  /** Config ADMIN_EMAILS: who administers the panel (admin/admin-policy.ts). */
  adminEmails: readonly string[];
  /** Called after each new session (alerts: sign-in from a new address). */
  onSessionStarted?: (userId: number, client: { ipAddress: string | null }) => Promise<void>;
}

/** The services of the accounts area, built with their real dependencies (panel.ts composes them). */
export function createAccounts(dependencies: AccountsDependencies) {
  const { db, mailer, appUrl, brand, log } = dependencies;
  const keys = deriveAccountKeys(dependencies.appKey);
  const photos = createProfilePhotoStore(dependencies.dataDir);
  const verification = createEmailVerificationService({
    db,
    mailer,
    key: keys.emailVerification,
    appUrl,
    brand,
    log,
  });
  const admins = createAdminPolicy(createAdminRepository(db), dependencies.adminEmails);
  const twoFactor = createTwoFactorService({ db, secretBox: dependencies.secretBox, brand });
  return {
    signIn: createSignInService({
      db,
      pendingLoginKey: keys.pendingLogin,
      verification,
      twoFactor,
      onSessionStarted: dependencies.onSessionStarted,
    }),
    verification,
    passwordReset: createPasswordResetService({ db, mailer, appUrl, brand, log }),
    profile: createProfileService({ db, verification, photos }),
    twoFactor,
    browserSessions: createBrowserSessionsService({ db, sessionIdKey: keys.sessionIds }),
    photos,
    /** The user of contracts userSchema, with the subscription that makes them paid. */
    async presentUser(user: UserRow): Promise<User> {
      return presentUser(user, await findActiveSubscription(db, user.id), await admins.isAdmin(user));
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
