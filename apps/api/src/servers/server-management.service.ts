import { getRecipe } from '@hostdeck/recipes';
import type { ServerDetail, SystemInfo } from '@hostdeck/contracts';
import type { Caller } from '../policy/server-policy.js';
import { allowedServerAddress } from './server-connect-address.js';
import { SECRET_PURPOSE } from './server-connection.js';
import { fieldError, SERVER_MESSAGES, ServerBusyConflictError, ServerError } from './server-errors.js';
import { SERVER_EVENTS, SERVER_UPDATE_KEYS } from './server-events.js';
import { createServerOperations, type ServerServiceDependencies } from './server-operations.js';
import type { ServerRow } from './servers.repository.js';

/** How long deleting a server may spend removing the panel's key from it (best effort). */
const FORGET_KEY_TIMEOUT_MS = 15_000;
/** Rotated logs older than this are removed by "clean". */
const CLEAN_LOG_AGE_DAYS = 7;

type ServerEventKind = keyof typeof SERVER_EVENTS;

/**
 * Managing one server (spec/000 §2 /servers/{server}, §7 Servers): live system information,
 * rename, IP, stored password, time zone, protection, restart, clean, hotfix, provisioning again,
 * delete. Every call checks the policy first: another user's server answers 404.
 */
export function createServerManagementService(dependencies: ServerServiceDependencies) {
  const { repository, remote, secretBox, events, policy } = dependencies;
  const operations = createServerOperations(dependencies);

  async function startEvent(caller: Caller, row: ServerRow, kind: ServerEventKind, input: unknown) {
    operations.requireConnected(row);
    const { type, recipeId, description } = SERVER_EVENTS[kind];
    const event = await events.startRecipe({
      userId: caller.id,
      serverId: row.id,
      recipeId,
      input,
      type,
      description,
    });
    return { data: { id: event.id } };
  }

  /** Reads the server's system information, keeping the stored time zone in step with it. */
  async function readSystemInfo(row: ServerRow): Promise<SystemInfo> {
    const info = await operations.withSession(row, (session) => remote.systemInfo(session));
    if (info.timezone !== row.timezone) await repository.update(row.id, { timezone: info.timezone });
    return info;
  }

  return {
    async show(caller: Caller, serverId: number): Promise<ServerDetail> {
      await policy.authorizeServer(caller, serverId, 'view');
      return operations.detail(caller, serverId);
    },

    async systemInfo(caller: Caller, serverId: number): Promise<SystemInfo> {
      return readSystemInfo(await operations.authorizedRow(caller, serverId, 'view'));
    },

    async timezone(caller: Caller, serverId: number) {
      const info = await readSystemInfo(await operations.authorizedRow(caller, serverId, 'view'));
      return { timezone: info.timezone };
    },

    async setTimezone(caller: Caller, serverId: number, timezone: string) {
      const row = await operations.authorizedRow(caller, serverId, 'manage');
      return startEvent(caller, row, 'timezone', { timezone });
    },

    async rename(caller: Caller, serverId: number, name: string) {
      await operations.authorizedRow(caller, serverId, 'manage');
      await repository.update(serverId, { name });
      await operations.announce(serverId);
      return operations.detail(caller, serverId);
    },

    /**
     * A new address for the same server: it must answer SSH there with the host key recorded for
     * this server, or the address is refused (another machine would get the panel's key and,
     * later, its recipes). A server never reached yet has no host key to compare: stored as is.
     */
    async changeIp(caller: Caller, serverId: number, ip: string) {
      const row = await operations.authorizedRow(caller, serverId, 'manage');
      // Checked before the host key check connects to it, and before it is stored for later.
      if (ip !== row.ip) await allowedServerAddress(ip, { fields: true });
      if (ip !== row.ip && row.hostKeyFingerprint) {
        try {
          await operations.withSession(row, async () => {}, { host: ip, fields: true });
        } catch (error) {
          if (error instanceof ServerError && error.message === SERVER_MESSAGES.hostKeyChanged) {
            throw fieldError('ip', SERVER_MESSAGES.otherHost, { address: ip });
          }
          throw error;
        }
      }
      if (ip !== row.ip) {
        await repository.update(serverId, { ip });
        await operations.announce(serverId);
      }
      return operations.detail(caller, serverId);
    },

    /**
     * Keeps the root password, sealed, for one purpose: reinstalling the panel's key when the
     * server refuses it (POST connect). It is never sent back and never used while the key works.
     */
    async changePassword(caller: Caller, serverId: number, password: string) {
      await operations.authorizedRow(caller, serverId, 'manage');
      await repository.update(serverId, {
        sealedPassword: secretBox.seal(password, SECRET_PURPOSE.password),
      });
    },

    async protect(caller: Caller, serverId: number, isProtected: boolean) {
      await operations.authorizedRow(caller, serverId, 'manage');
      await repository.update(serverId, { protected: isProtected });
      await operations.announce(serverId);
      return operations.detail(caller, serverId);
    },

    async restart(caller: Caller, serverId: number, mode: 'normal' | 'hard') {
      const row = await operations.authorizedRow(caller, serverId, 'manage');
      return startEvent(caller, row, mode === 'hard' ? 'restartHard' : 'restartNormal', { mode });
    },

    async clean(caller: Caller, serverId: number) {
      const row = await operations.authorizedRow(caller, serverId, 'manage');
      return startEvent(caller, row, 'clean', { log_age_days: CLEAN_LOG_AGE_DAYS });
    },

    /** The server is busy (hotfix true) until the event finishes (server-connection.ts). */
    async hotfix(caller: Caller, serverId: number) {
      const row = await operations.authorizedRow(caller, serverId, 'manage');
      operations.requireConnected(row);
      if (!(await repository.claimHotfix(serverId)))
        throw new ServerBusyConflictError(SERVER_MESSAGES.hotfixRunning);
      try {
        const started = await startEvent(caller, row, 'hotfix', {});
        await operations.announce(serverId, ['server']);
        return started;
      } catch (error) {
        await repository.update(serverId, { hotfix: false });
        throw error;
      }
    },

    /** Provisioning again: from a step ("retry from here"), or from the start. */
    async reinstall(caller: Caller, serverId: number, fromStep: string | undefined) {
      const row = await operations.authorizedRow(caller, serverId, 'manage');
      operations.requireConnected(row);
      if (await repository.isEventOpen(row.provisionEventId)) {
        throw new ServerBusyConflictError(SERVER_MESSAGES.provisioning);
      }
      const recipe = getRecipe(SERVER_EVENTS.provision.recipeId);
      if (fromStep !== undefined && !recipe?.steps.some((step) => step.id === fromStep)) {
        throw fieldError('from_step', 'Invalid value');
      }
      const event = await operations.startProvisioning(caller, row, fromStep ?? null);
      await operations.announce(serverId);
      return { data: { id: event.id } };
    },

    /**
     * DELETE api/servers/{server}: the owner types the server's name. A protected server is
     * refused. Its events stop (pending ones never start, a running one is killed at its worker's
     * next heartbeat), the panel's key is removed from the server when it can be reached (best
     * effort: an unreachable server must still be deletable), then the row goes.
     */
    async delete(caller: Caller, serverId: number, confirmation: string) {
      const row = await operations.authorizedRow(caller, serverId, 'delete');
      if (row.protected) throw new ServerError(SERVER_MESSAGES.protected);
      if (confirmation !== row.name) throw fieldError('name', SERVER_MESSAGES.nameMismatch);
      if (await repository.hostsBalancer(serverId)) throw new ServerError(SERVER_MESSAGES.balancing);
      const audience = await policy.usersWithServerAccess(serverId);
      await repository.cancelOpenEvents(serverId, 'The server was deleted');
      if (row.hostKeyFingerprint && row.sealedPrivateKey && row.publicKey) {
        const publicKey = row.publicKey;
        const signal = AbortSignal.timeout(FORGET_KEY_TIMEOUT_MS);
        await operations
          .withSession(row, (session) => remote.forgetKey(session, publicKey, signal), { signal })
          .catch(() => {});
      }
      await repository.delete(serverId);
      dependencies.publish(audience, [...SERVER_UPDATE_KEYS]);
    },
  };
}
export type ServerManagementService = ReturnType<typeof createServerManagementService>;
