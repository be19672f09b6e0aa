import { NotFoundError } from '../domain/errors.js';
import type { AdminRepository } from './admin.repository.js';

export interface AdminCandidate {
  id: number;
  email: string;
  emailVerifiedAt: Date | null;
}

/**
 * Who administers the panel (docs/scripts.md): the verified accounts of ADMIN_EMAILS, or, when
 * none is configured, the first registered user (the lowest user id). For anyone else the admin
 * area does not exist: every admin call answers 404, like any object the caller cannot see.
 */
export function createAdminPolicy(
  repository: Pick<AdminRepository, 'firstUserId'>,
  adminEmails: readonly string[],
) {
  const configured = new Set(adminEmails.map((email) => email.toLowerCase()));

  async function isAdmin(user: AdminCandidate): Promise<boolean> {
    if (user.emailVerifiedAt === null) return false;
    if (configured.size > 0) return configured.has(user.email.toLowerCase());
    return (await repository.firstUserId()) === user.id;
  }

  return {
    isAdmin,
    /** Whether this user id is an administrator, for lists (the first user's id, or the emails). */
    async adminRule(): Promise<(user: { id: number; email: string }) => boolean> {
      if (configured.size > 0) return (user) => configured.has(user.email.toLowerCase());
      const first = await repository.firstUserId();
      return (user) => user.id === first;
    },
    async authorize(user: AdminCandidate): Promise<void> {
      if (!(await isAdmin(user))) throw new NotFoundError();
    },
  };
}
export type AdminPolicy = ReturnType<typeof createAdminPolicy>;
