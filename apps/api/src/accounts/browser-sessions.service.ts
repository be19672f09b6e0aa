import type { BrowserSession } from '@hostdeck/contracts';
import { deleteUserSessions, listUserSessions, type UserRow } from '../auth/sessions.repository.js';
import type { Database } from '../database/database.js';
import { sign } from './account-keys.js';
import { confirmPassword } from './passwords.js';
import { parseUserAgent } from './user-agent.js';

/**
 * The user's browser sessions (SECURITY.md: sessions listable and revocable). The stored id is
 * the hash of a cookie token; the browser gets an opaque id derived from it with a key of its
 * own, which is useless for anything but telling the rows apart.
 */
export function createBrowserSessionsService(options: { db: Database; sessionIdKey: Buffer }) {
  const { db } = options;

  return {
    async list(user: UserRow, currentSessionId: string | null): Promise<BrowserSession[]> {
      const rows = await listUserSessions(db, user.id);
      return rows.map((row) => {
        const agent = parseUserAgent(row.userAgent);
        return {
          id: sign(options.sessionIdKey, row.id).slice(0, 16),
          ip_address: row.ipAddress,
          user_agent: row.userAgent,
          browser: agent.browser,
          platform: agent.platform,
          is_desktop: agent.isDesktop,
          is_current_device: row.id === currentSessionId,
          last_active_at: row.lastActivityAt.toISOString(),
        };
      });
    },

    /** DELETE api/user/other-browser-sessions: every session but the caller's ends. */
    async logoutOtherSessions(
      user: UserRow,
      password: string,
      currentSessionId: string | null,
    ): Promise<void> {
      await confirmPassword(user, password);
      await deleteUserSessions(db, user.id, { keepSessionId: currentSessionId });
    },
  };
}
export type BrowserSessionsService = ReturnType<typeof createBrowserSessionsService>;
