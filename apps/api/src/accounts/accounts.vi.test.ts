import { describe, expect, it } from 'vitest';
import {
  confirmTwoFactorRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  twoFactorChallengeRequestSchema,
  verifyEmailRequestSchema,
} from '@hostdeck/contracts';
import { EMAIL_NOT_VERIFIED_MESSAGE } from '../auth/authentication.js';
import { translate } from '../i18n/translate.js';
import { VERIFICATION_FAILED } from './email-verification.service.js';
import { INVALID_RESET_TOKEN } from './password-reset.service.js';
import { INCORRECT_PASSWORD } from './passwords.js';
import { PHOTO_REQUIRED, PHOTO_TOO_LARGE } from './profile-photo.routes.js';
import { CURRENT_PASSWORD_MISMATCH, PHOTO_NOT_AN_IMAGE } from './profile.service.js';
import { CREDENTIALS_DO_NOT_MATCH, EMAIL_TAKEN, SIGN_IN_EXPIRED } from './sign-in.service.js';
import {
  INVALID_RECOVERY_CODE,
  INVALID_TWO_FACTOR_CODE,
  TWO_FACTOR_NOT_ENABLED,
} from './two-factor.service.js';

/** Every message the accounts area can answer with, from its code and from the request schemas. */
function schemaMessages(): string[] {
  const invalid = [
    registerRequestSchema.safeParse({
      name: 'a',
      email: 'nope',
      password: 'short',
      password_confirmation: 'x',
    }),
    resetPasswordRequestSchema.safeParse({
      token: 'bad',
      email: 'a@b.test',
      password: 'long enough',
      password_confirmation: 'other value',
    }),
    twoFactorChallengeRequestSchema.safeParse({ code: '12', recovery_code: 'nope' }),
    confirmTwoFactorRequestSchema.safeParse({ code: 'abcdef' }),
    verifyEmailRequestSchema.safeParse({ token: '../' }),
  ];
  return invalid.flatMap((result) => result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('accounts messages', () => {
  it('all have Vietnamese', () => {
    const messages = [
      ...schemaMessages(),
      EMAIL_NOT_VERIFIED_MESSAGE,
      VERIFICATION_FAILED,
      INVALID_RESET_TOKEN,
      INCORRECT_PASSWORD,
      PHOTO_REQUIRED,
      PHOTO_TOO_LARGE,
      CURRENT_PASSWORD_MISMATCH,
      PHOTO_NOT_AN_IMAGE,
      CREDENTIALS_DO_NOT_MATCH,
      EMAIL_TAKEN,
      SIGN_IN_EXPIRED,
      INVALID_RECOVERY_CODE,
      INVALID_TWO_FACTOR_CODE,
      TWO_FACTOR_NOT_ENABLED,
    ];
    expect(messages.length).toBeGreaterThan(20);
    for (const message of messages) expect(translate('vi', message), message).not.toBe(message);
  });
});
