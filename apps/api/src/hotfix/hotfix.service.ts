import { AGENT_VERSION, UPDATE_KEYS, type Event, type HotfixItem, type UpdateKey } from '@hostdeck/contracts';
import { ForbiddenError, NotFoundError } from '../domain/errors.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { HotfixRepository } from './hotfix.repository.js';

export interface HotfixServiceDependencies {
  repository: HotfixRepository;
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  /** POST api/servers/agent/install for one server (agent.service.ts): checks `manage` itself. */
  installAgent(caller: Caller, serverId: number): Promise<Event>;
  publish(userId: number, keys: readonly UpdateKey[]): void;
  /** The agent version this panel ships; a test may pretend a newer one. */
  agentVersion?: number;
}

/**
 * The hotfix loop (spec/000 §2 hotfix dialog, §4 busy button, §7 POST api/hotfix). A fix that needs
 * the user's action raises their flag; today that is an agent older than this panel's on a server
 * they manage, found when the panel starts (a new agent version only arrives with a new panel).
 * The dialog lists the servers (`list`) and `run` starts their agent upgrades as install_agent
 * events, then lowers the flag. A failed upgrade leaves the server outdated: the next start raises
 * the flag again.
 */
export function createHotfixService(dependencies: HotfixServiceDependencies) {
  const { repository, policy } = dependencies;
  const agentVersion = dependencies.agentVersion ?? AGENT_VERSION;

  /** The outdated servers the caller may manage: a viewer sees a server but cannot upgrade it. */
  async function manageableOutdatedServers(caller: Caller) {
    const visible = await repository.outdatedServersVisibleTo(caller.id, agentVersion);
    const allowed = await Promise.all(
      visible.map((server) =>
        policy.authorizeServer(caller, server.id, 'manage').then(
          () => true,
          (error: unknown) => {
            if (error instanceof ForbiddenError || error instanceof NotFoundError) return false;
            throw error;
          },
        ),
      ),
    );
    return visible.filter((_server, index) => allowed[index]);
  }

  return {
    /** At panel start: flags the users a newer agent concerns. Answers how many were flagged. */
    flagOutdatedAgents(): Promise<number> {
      return repository.flagManagersOfOutdatedServers(agentVersion);
    },

    /** GET api/hotfix: what POST api/hotfix would run for the caller. */
    async list(caller: Caller): Promise<HotfixItem[]> {
      return (await manageableOutdatedServers(caller)).map((server) => ({
        kind: 'agent',
        server_id: server.id,
        server_name: server.name,
        agent_version: server.agentVersion,
        busy: server.installing,
      }));
    },

    /**
     * POST api/hotfix: one install_agent event per outdated server the caller manages, except those
     * already upgrading; then the flag is lowered and the caller's other tabs reload the user.
     */
    async run(caller: Caller): Promise<Event[]> {
      const started: Event[] = [];
      for (const server of await manageableOutdatedServers(caller)) {
        if (server.installing) continue;
        started.push(await dependencies.installAgent(caller, server.id));
      }
      await repository.clearFlag(caller.id);
      dependencies.publish(caller.id, [UPDATE_KEYS.user]);
      return started;
    },
  };
}
export type HotfixService = ReturnType<typeof createHotfixService>;
