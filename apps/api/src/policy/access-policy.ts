import type { TeamPermission } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import type { ServerAbility } from './abilities.js';
import {
  authorizeServer,
  authorizeServerRow,
  serverAbilitiesOf,
  usersWithServerAccess,
  type Caller,
} from './server-policy.js';
import { authorizeTeam, findTeamAccess } from './team-policy.js';

/**
 * The policy bound to the database, for services: they receive it as a declared dependency
 * (CONVENTIONS.md) instead of reaching for the database themselves.
 */
export function createAccessPolicy(db: Database) {
  return {
    authorizeServer: (user: Caller, serverId: number, ability: ServerAbility) =>
      authorizeServer(db, user, serverId, ability),
    authorizeServerRow: <Server extends { id: number; userId: number }>(
      user: Caller,
      server: Server | null | undefined,
      ability: ServerAbility,
    ) => authorizeServerRow(db, user, server, ability),
    authorizeTeam: (user: Caller, teamId: number, permission?: TeamPermission) =>
      authorizeTeam(db, user, teamId, permission),
    findTeamAccess: (user: Caller, teamId: number) => findTeamAccess(db, user.id, teamId),
    serverAbilities: (user: Caller, server: { id: number; userId: number }) =>
      serverAbilitiesOf(db, user.id, server),
    usersWithServerAccess: (serverId: number) => usersWithServerAccess(db, serverId),
  };
}
export type AccessPolicy = ReturnType<typeof createAccessPolicy>;
