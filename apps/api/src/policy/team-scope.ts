import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A team token's bound (issue 23 point 6, docs/api-tokens.md): while a call made with a team token
 * runs, the policy of its maker (`userId`) reaches only the servers the team shares, with the
 * maker's grants in that team: never their own servers, never another team's, never an owner's
 * shortcut. http/route.ts and the route-permission hook run the call inside it.
 */
export interface TeamScope {
  userId: number;
  teamId: number;
}

const storage = new AsyncLocalStorage<TeamScope>();

export function withTeamScope<T>(scope: TeamScope | null | undefined, run: () => T): T {
  return scope ? storage.run(scope, run) : run();
}

/** The team the policy of `userId` is bound to in this call, or null. */
export function teamScopeOf(userId: number): number | null {
  const scope = storage.getStore();
  return scope && scope.userId === userId ? scope.teamId : null;
}
