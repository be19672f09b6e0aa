import type { z } from 'zod';
import type {
  updatePasswordRequestSchema,
  updatePreferencesRequestSchema,
  updateProfileRequestSchema,
} from '@hostdeck/contracts';
import { deleteUserSessions, type UserRow } from '../auth/sessions.repository.js';
import type { Database } from '../database/database.js';
import { ValidationError } from '../domain/errors.js';
import type { EmailVerificationService } from './email-verification.service.js';
import { confirmPassword, hashPassword, verifyPassword } from './passwords.js';
import { sniffImageType, type ProfilePhotoStore } from './profile-photos.js';
import { EMAIL_TAKEN } from './sign-in.service.js';
import { readPreferences } from './user-presenter.js';
import { deleteUser, isEmailTaken, isUniqueViolation, updateUser } from './users.repository.js';

export const CURRENT_PASSWORD_MISMATCH = 'The provided password does not match your current password.';
export const PHOTO_NOT_AN_IMAGE = 'The photo must be a PNG, JPEG or WebP image.';

/** The profile page: name and email, password, preferences, photo, and deleting the account. */
export function createProfileService(options: {
  db: Database;
  verification: EmailVerificationService;
  photos: ProfilePhotoStore;
}) {
  const { db, photos } = options;

  return {
    /** A new email address is unverified until its own link is followed; the mail goes to it. */
    async updateProfile(
      user: UserRow,
      request: z.infer<typeof updateProfileRequestSchema>,
    ): Promise<UserRow> {
      const emailChanged = request.email.toLowerCase() !== user.email.toLowerCase();
      if (emailChanged && (await isEmailTaken(db, request.email, user.id)))
        throw new ValidationError({ email: [EMAIL_TAKEN] });
      const updated = await updateUser(db, user.id, {
        name: request.name,
        email: request.email,
        ...(emailChanged ? { emailVerifiedAt: null } : {}),
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ValidationError({ email: [EMAIL_TAKEN] });
        throw error;
      });
      if (emailChanged) options.verification.sendInBackground(updated);
      return updated;
    },

    /** A new password signs out every other session; the one making the change stays. */
    async updatePassword(
      user: UserRow,
      request: z.infer<typeof updatePasswordRequestSchema>,
      currentSessionId: string | null,
    ): Promise<void> {
      if (!(await verifyPassword(user.passwordHash, request.current_password)))
        throw new ValidationError({ current_password: [CURRENT_PASSWORD_MISMATCH] });
      await updateUser(db, user.id, { passwordHash: await hashPassword(request.password) });
      await deleteUserSessions(db, user.id, { keepSessionId: currentSessionId });
    },

    /** Merges the given subset into what is stored; a new locale is also the user's language. */
    async updatePreferences(
      user: UserRow,
      request: z.infer<typeof updatePreferencesRequestSchema>,
    ): Promise<UserRow> {
      const given = Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
      const preferences = { ...readPreferences(user.preferences), ...given };
      return updateUser(db, user.id, { preferences, ...(request.locale ? { locale: request.locale } : {}) });
    },

    /** DELETE api/user: the rows of the user go with it (foreign keys cascade), then the photo. */
    async deleteAccount(user: UserRow, password: string): Promise<void> {
      await confirmPassword(user, password);
      await deleteUser(db, user.id);
      await photos.remove(user.profilePhotoPath);
    },

    async setProfilePhoto(user: UserRow, bytes: Buffer): Promise<UserRow> {
      const type = sniffImageType(bytes);
      if (!type) throw new ValidationError({ photo: [PHOTO_NOT_AN_IMAGE] });
      const storedPath = await photos.save(bytes, type);
      const updated = await updateUser(db, user.id, { profilePhotoPath: storedPath });
      await photos.remove(user.profilePhotoPath);
      return updated;
    },

    async deleteProfilePhoto(user: UserRow): Promise<UserRow> {
      const updated = await updateUser(db, user.id, { profilePhotoPath: null });
      await photos.remove(user.profilePhotoPath);
      return updated;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
