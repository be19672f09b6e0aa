import {
  SYSTEM_USER_PASSWORD_MAX_LENGTH,
  SYSTEM_USER_PASSWORD_MIN_LENGTH,
  type SystemUser,
} from '@hostdeck/contracts/system-users';
import { hasControlCharacters, isReservedLinuxUser } from '@hostdeck/contracts';

/** The page's own checks, before anything is sent (the panel checks again, with the same rules). */

const NAME_PATTERN = /^[a-z_][a-z0-9_-]{0,31}$/;

export type UsersKey =
  | 'users.form.nameInvalid'
  | 'users.form.passwordShort'
  | 'users.form.passwordInvalid'
  | 'users.cannotDeleteDefault'
  | 'users.cannotDeleteSites'
  | 'users.cannotDeleteSpecial';

/** A new user's name: the Linux grammar, never a special account ('You can not use special user' is the panel's). */
export function nameProblem(name: string): UsersKey | null {
  return NAME_PATTERN.test(name) ? null : 'users.form.nameInvalid';
}

export function isSpecialName(name: string): boolean {
  return isReservedLinuxUser(name);
}

/** A password: optional when `optional`, else 8-128 characters without control characters. */
export function passwordProblem(password: string, optional: boolean): UsersKey | null {
  if (password === '' && optional) return null;
  if (password.length < SYSTEM_USER_PASSWORD_MIN_LENGTH) return 'users.form.passwordShort';
  if (password.length > SYSTEM_USER_PASSWORD_MAX_LENGTH || hasControlCharacters(password))
    return 'users.form.passwordInvalid';
  return null;
}

/** Why a user cannot be deleted from the page, or null when it can. */
export function deleteBlocker(user: SystemUser): { key: UsersKey; values?: Record<string, string> } | null {
  if (user.is_default) return { key: 'users.cannotDeleteDefault' };
  if (user.sites.length > 0)
    return {
      key: 'users.cannotDeleteSites',
      values: { sites: user.sites.map((site) => site.name).join(', ') },
    };
  if (!user.deletable) return { key: 'users.cannotDeleteSpecial' };
  return null;
}
