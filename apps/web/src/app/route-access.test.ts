import { describe, expect, it } from 'vitest';
import type { User } from '@hostdeck/contracts';
import { decideAccess, type RouteAccess } from './route-access';

const verified: User = {
  id: 1,
  name: 'Ada',
  email: 'ada@example.test',
  email_verified: true,
  profile_photo_path: null,
  profile_photo_url: null,
  current_team_id: 1,
  hotfix: false,
  isPaidUser: false,
  isAdmin: false,
  subscription: null,
  two_factor_enabled: false,
  locale: 'en',
  preferences: {} as User['preferences'],
};
const unverified: User = { ...verified, email_verified: false };

describe('decideAccess (spec/000 §2 navigation guards)', () => {
  it('lets everyone open public pages', () => {
    for (const user of [null, unverified, verified])
      expect(decideAccess('public', user)).toEqual({ allow: true });
  });

  it('sends anonymous visitors of signed-in pages to /user/login and remembers the wanted path', () => {
    for (const access of ['signed-in', 'verified', 'nobody', 'admin'] satisfies RouteAccess[]) {
      expect(decideAccess(access, null)).toEqual({
        allow: false,
        redirectTo: '/user/login',
        rememberPath: true,
      });
    }
  });

  it('sends an unverified user to /email/verify, except from pages that only need sign-in', () => {
    expect(decideAccess('verified', unverified)).toMatchObject({ allow: false, redirectTo: '/email/verify' });
    expect(decideAccess('signed-in', unverified)).toEqual({ allow: true });
    expect(decideAccess('verified', verified)).toEqual({ allow: true });
  });

  it('sends signed-in users away from guest-only pages to /servers', () => {
    expect(decideAccess('guest', null)).toEqual({ allow: true });
    for (const user of [unverified, verified]) {
      expect(decideAccess('guest', user)).toEqual({
        allow: false,
        redirectTo: '/servers',
        rememberPath: false,
      });
    }
  });

  it('the role-check guard lets nobody through', () => {
    expect(decideAccess('nobody', verified)).toEqual({
      allow: false,
      redirectTo: '/unauthorized',
      rememberPath: false,
    });
  });

  it('the admin guard turns away users without the admin flag', () => {
    expect(decideAccess('admin', verified)).toMatchObject({ allow: false, redirectTo: '/unauthorized' });
    const admin = { ...verified, is_admin: true } as User;
    expect(decideAccess('admin', admin)).toEqual({ allow: true });
  });
});
