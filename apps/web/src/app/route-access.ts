import type { User } from '@hostdeck/contracts';

/**
 * Who may open a route (spec/000 §2 Navigation guards). Routes need sign-in and a verified email
 * unless noted, so `verified` is the default in the router.
 * - public: everyone (/, not found, confirming an email, the dev outbox);
 * - guest: only signed-out visitors (login, register, password reset); others go to /servers;
 * - signed-in: any signed-in user, verified or not (/email/verify itself, and the profile where a
 *   mistyped address is corrected);
 * - verified: signed in with a verified email;
 * - nobody: the role-check guard of §2, which lets no one through;
 * - admin: signed-in administrators only.
 */
export type RouteAccess = 'public' | 'guest' | 'signed-in' | 'verified' | 'nobody' | 'admin';

export type AccessDecision =
  | { allow: true }
  /** `rememberPath`: keep the wanted path so sign-in (or verification) can return to it. */
  | { allow: false; redirectTo: string; rememberPath: boolean };

/** Where each guard sends a visitor it turns away. */
export const GUARD_REDIRECTS = {
  signIn: '/user/login',
  verifyEmail: '/email/verify',
  signedInHome: '/servers',
  unauthorized: '/unauthorized',
} as const;

const ALLOW: AccessDecision = { allow: true };

/** The guard decision for one navigation; pure, so every rule is unit-tested. */
export function decideAccess(access: RouteAccess, user: User | null): AccessDecision {
  switch (access) {
    case 'public':
      return ALLOW;
    case 'guest':
      return user ? { allow: false, redirectTo: GUARD_REDIRECTS.signedInHome, rememberPath: false } : ALLOW;
    case 'signed-in':
      return user ? ALLOW : { allow: false, redirectTo: GUARD_REDIRECTS.signIn, rememberPath: true };
    case 'verified':
    case 'nobody':
    case 'admin': {
      if (!user) return { allow: false, redirectTo: GUARD_REDIRECTS.signIn, rememberPath: true };
      if (!user.email_verified) {
        return { allow: false, redirectTo: GUARD_REDIRECTS.verifyEmail, rememberPath: true };
      }
      if (access === 'nobody' || (access === 'admin' && !isAdministrator(user))) {
        return { allow: false, redirectTo: GUARD_REDIRECTS.unauthorized, rememberPath: false };
      }
      return ALLOW;
    }
  }
}

/**
 * The user of contracts carries no administrator flag yet (the spec does not show the admin rules,
 * §2), so today this is false for everyone: the admin guard fails closed. A user object that does
 * carry `is_admin: true` passes.
 */
export function isAdministrator(user: User): boolean {
  return 'is_admin' in user && user.is_admin === true;
}
