import type { ServerSummary } from '@hostdeck/contracts';
import type { ServerRecord } from '../policy/server-policy.js';

/**
 * The only way a server leaves the panel. It takes a `ServerRecord` (policy `serverColumns`), which
 * has no credential or host-key field, so a secret cannot be presented even by mistake.
 */
export function presentServer(
  server: ServerRecord,
  viewer: { userId: number; isFavorite: boolean },
): ServerSummary {
  return {
    id: server.id,
    name: server.name,
    display_name: server.name,
    ip: server.ip,
    port: server.port,
    status: server.status,
    installed: server.installed,
    is_favorite: viewer.isFavorite,
    is_owner: server.userId === viewer.userId,
    user_id: server.userId,
    created_at: server.createdAt.toISOString(),
  };
}
