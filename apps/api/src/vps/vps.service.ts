import type { UpdateKey } from '@hostdeck/contracts';
import {
  findVpsProvider,
  VPS_MESSAGES,
  type CreateVpsServerBody,
  type CreateVpsCredentialBody,
  type UpdateVpsCredentialBody,
  type VpsCredential,
  type VpsMachine,
  type VpsPlan,
  type VpsProviderSlug,
  type VpsRegion,
  type VpsServer,
  createVpsServerBodySchema,
} from '@hostdeck/contracts/vps';
import type { SecretBox } from '../crypto/secret-box.js';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { SshKeyPair } from '../remote/ssh-keys.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { fieldError, SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import { SERVER_STATUS } from '../servers/server-events.js';
import type { ServerManagementService } from '../servers/server-management.service.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { translated } from './vps-errors.js';
import type { VpsProviderAdapter } from './vps-provider.js';
import type { VpsCredentialRow, VpsRepository } from './vps.repository.js';

/** The task that creates a server at its provider (vps-create-task.ts). */
export const VPS_CREATE_TASK = 'vps.create';
/** Events of this area: `vps.create`. */
export const VPS_EVENT_PREFIX = 'vps.';
/** A server made at a provider has no address until the provider gives it one. */
export const VPS_PENDING_IP = '0.0.0.0';
/** servers.connect_method of a server created at a provider. */
export const VPS_CONNECT_METHOD = 'vps';

export const VPS_UPDATE_KEYS: readonly UpdateKey[] = ['server'];

export function presentVpsCredential(row: VpsCredentialRow): VpsCredential {
  return { id: row.id, provider: row.provider, name: row.name, created_at: row.createdAt.toISOString() };
}

export interface VpsServiceDependencies {
  repository: VpsRepository;
  servers: ServersRepository;
  policy: Pick<AccessPolicy, 'authorizeServer' | 'usersWithServerAccess'>;
  events: Pick<EventsService, 'startTask'>;
  secretBox: SecretBox;
  generateKeyPair(comment: string): SshKeyPair;
  createAdapter(provider: VpsProviderSlug, token: string): VpsProviderAdapter;
  /** Deleting the server in the panel once its machine is gone (the servers area's delete). */
  management: Pick<ServerManagementService, 'delete'>;
  publish(userIds: readonly number[], keys: readonly UpdateKey[]): void;
}

/**
 * VPS provider credentials, the providers' regions and plans, creating a server at a provider and
 * deleting it there (issue 23, spec/000 §7 `api/vps/…`, docs/vps.md). A credential is its owner's
 * alone: another account's id answers 404. Its token is checked with the provider before it is
 * kept and is never answered.
 */
export function createVpsService(dependencies: VpsServiceDependencies) {
  const { repository, servers, policy, events, secretBox } = dependencies;

  async function owned(caller: Caller, id: number) {
    const row = await repository.findCredential(caller.id, id);
    if (!row) throw new NotFoundError();
    return row;
  }

  function adapterOf(row: VpsCredentialRow): VpsProviderAdapter {
    if (!findVpsProvider(row.provider)) throw new NotFoundError();
    return dependencies.createAdapter(row.provider as VpsProviderSlug, repository.openToken(row));
  }

  /** The credential to read a provider with: the one named (the caller's, of that provider) or the first. */
  async function readingCredential(caller: Caller, provider: VpsProviderSlug, credentialId?: number) {
    const row =
      credentialId === undefined
        ? await repository.firstCredential(caller.id, provider)
        : await repository.findCredential(caller.id, credentialId);
    // Another account's credential answers like a missing one (404), as everywhere.
    if (!row || row.provider !== provider)
      throw new NotFoundError(
        credentialId === undefined ? VPS_MESSAGES.noCredential : VPS_MESSAGES.credentialNotFound,
      );
    return row;
  }

  async function announce(serverId: number) {
    dependencies.publish(await policy.usersWithServerAccess(serverId), VPS_UPDATE_KEYS);
  }

  return {
    /** GET api/vps/credentials. */
    async list(caller: Caller): Promise<VpsCredential[]> {
      return (await repository.listCredentials(caller.id)).map(presentVpsCredential);
    },

    async show(caller: Caller, id: number): Promise<VpsCredential> {
      return presentVpsCredential(await owned(caller, id));
    },

    /** POST api/vps/credentials: checked with the provider first, kept only if it answers yes. */
    async create(caller: Caller, body: CreateVpsCredentialBody): Promise<VpsCredential> {
      const provider = body.provider;
      await translated(dependencies.createAdapter(provider, body.token.trim()).verify());
      const row = await repository.insertCredential({
        userId: caller.id,
        provider,
        name: body.name.trim(),
        token: body.token.trim(),
      });
      if (!row) throw new ValidationError({ name: [VPS_MESSAGES.duplicate] });
      return presentVpsCredential(row);
    },

    /** PUT api/vps/credentials/{credential}: a new token is verified before it replaces the old one. */
    async update(caller: Caller, id: number, body: UpdateVpsCredentialBody): Promise<VpsCredential> {
      const row = await owned(caller, id);
      const token = body.token?.trim();
      if (token !== undefined)
        await translated(dependencies.createAdapter(row.provider as VpsProviderSlug, token).verify());
      const updated = await repository.updateCredential(row.id, { name: body.name?.trim(), token });
      if (!updated) throw new ValidationError({ name: [VPS_MESSAGES.duplicate] });
      return presentVpsCredential(updated);
    },

    /** DELETE api/vps/credentials/{credential}: forgotten here; nothing changes at the provider. */
    async remove(caller: Caller, id: number): Promise<void> {
      const row = await owned(caller, id);
      await repository.removeCredential(row.id);
    },

    /** GET api/vps/providers/{provider}/regions. */
    async regions(caller: Caller, provider: VpsProviderSlug, credentialId?: number): Promise<VpsRegion[]> {
      const row = await readingCredential(caller, provider, credentialId);
      return translated(adapterOf(row).listRegions());
    },

    /** GET api/vps/providers/{provider}/regions/{region}/plans. */
    async plans(
      caller: Caller,
      provider: VpsProviderSlug,
      region: string,
      credentialId?: number,
    ): Promise<VpsPlan[]> {
      const row = await readingCredential(caller, provider, credentialId);
      const adapter = adapterOf(row);
      const regions = await translated(adapter.listRegions());
      if (!regions.some((candidate) => candidate.id === region))
        throw new ValidationError({ region: [VPS_MESSAGES.regionNotFound] });
      return translated(adapter.listPlans(region));
    },

    /**
     * GET api/vps/credentials/{credential}/unmanaged: the machines at the provider that no server
     * of the panel points to, labelled by a panel or not (the reconciliation).
     */
    async unmanaged(caller: Caller, id: number): Promise<VpsMachine[]> {
      const row = await owned(caller, id);
      const machines = await translated(adapterOf(row).listMachines());
      const known = await repository.knownMachineIds(
        row.provider,
        machines.map((machine) => machine.id),
      );
      return machines
        .filter((machine) => !known.has(machine.id))
        .map((machine) => ({
          id: machine.id,
          name: machine.name,
          status: machine.status,
          ip: machine.ipv4,
          region: machine.region,
          labelled: machine.hostdeckLabel !== null,
          server_label: machine.hostdeckLabel || null,
        }));
    },

    /**
     * POST api/vps/servers: the region and plan are checked with the provider, the server is stored
     * with its own key pair (as a `command` connect stores one), and the creation runs as an event
     * (vps-create-task.ts) that ends by connecting and provisioning it.
     */
    async createServer(caller: Caller, input: CreateVpsServerBody) {
      const body = createVpsServerBodySchema.parse(input);
      const credential = await repository.findCredential(caller.id, body.credential_id);
      if (!credential) throw new ValidationError({ credential_id: [VPS_MESSAGES.credentialNotFound] });
      const provider = findVpsProvider(credential.provider);
      if (!provider) throw new ValidationError({ credential_id: [VPS_MESSAGES.credentialNotFound] });
      const adapter = adapterOf(credential);
      const regions = await translated(adapter.listRegions());
      if (!regions.some((region) => region.id === body.region))
        throw new ValidationError({ region: [VPS_MESSAGES.regionNotFound] });
      const plans = await translated(adapter.listPlans(body.region));
      if (!plans.some((plan) => plan.id === body.plan))
        throw new ValidationError({ plan: [VPS_MESSAGES.planNotFound] });

      const id = await servers.reserveId();
      const keys = dependencies.generateKeyPair(`hostdeck-server-${id}`);
      await servers.insert({
        id,
        userId: caller.id,
        name: body.name,
        ip: VPS_PENDING_IP,
        port: 22,
        sshUser: 'root',
        publicKey: keys.publicKey,
        sealedPrivateKey: secretBox.seal(keys.privateKey, SECRET_PURPOSE.privateKey),
        status: SERVER_STATUS.pending,
        connectMethod: VPS_CONNECT_METHOD,
        provision: body.provision,
        defaultLinuxUser: body.provision.default_linux_user,
        vpsProvider: provider.slug,
      });
      await repository.insertMachine({
        serverId: id,
        credentialId: credential.id,
        provider: provider.slug,
        region: body.region,
        plan: body.plan,
      });
      const event = await this.startCreation(caller, id);
      await announce(id);
      return { server_id: id, event_id: event.id };
    },

    /** Starts (or resumes, after a failure) the creation event of a server made at a provider. */
    async startCreation(caller: Caller, serverId: number) {
      const machine = await repository.findMachine(serverId);
      const provider = findVpsProvider(machine?.provider);
      if (!machine || !provider) throw new ServerError(VPS_MESSAGES.notAtProvider);
      return events.startTask({
        userId: caller.id,
        serverId,
        task: VPS_CREATE_TASK,
        input: { server_id: serverId },
        type: VPS_CREATE_TASK,
        description: { id: 'createAtProvider', values: { provider: provider.name } },
      });
    },

    /** GET api/vps/servers: the caller's servers made at providers, with how far each creation went. */
    async listServers(caller: Caller): Promise<VpsServer[]> {
      return (await repository.listOwnedMachines(caller.id)).map((row) => ({
        server_id: row.serverId,
        name: row.name,
        provider: row.provider,
        region: row.region,
        plan: row.plan,
        machine_id: row.machineId,
        state: row.state,
        status: row.status,
      }));
    },

    /** POST api/vps/servers/{server}/resume: a creation that failed goes on from where it stopped. */
    async resume(caller: Caller, serverId: number) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await servers.findRow(serverId);
      if (!row || row.status !== SERVER_STATUS.pending) throw new ServerError(VPS_MESSAGES.notAtProvider);
      // A creation queued or running goes on by itself: a second run would wait behind it for nothing.
      if ((await repository.findMachine(serverId))?.state !== 'failed')
        throw new ServerError(VPS_MESSAGES.notFailed);
      const event = await this.startCreation(caller, serverId);
      await announce(serverId);
      return { data: { id: event.id } };
    },

    /**
     * DELETE api/vps/servers/{server}: the machine is deleted at the provider (only one labelled as
     * this server's: a machine the panel did not make is never touched), then the server in the
     * panel, as DELETE api/servers/{server} does.
     */
    async deleteServer(caller: Caller, serverId: number, confirmation: string): Promise<void> {
      await policy.authorizeServer(caller, serverId, 'delete');
      const row = await servers.findRow(serverId);
      if (!row) throw new NotFoundError();
      if (row.protected) throw new ServerError(SERVER_MESSAGES.protected);
      if (confirmation !== row.name) throw fieldError('name', SERVER_MESSAGES.nameMismatch);
      const machine = await repository.findMachine(serverId);
      if (!machine) throw new ServerError(VPS_MESSAGES.notAtProvider);
      if (machine.machineId) {
        const credential =
          (machine.credentialId === null
            ? undefined
            : await repository.findCredential(row.userId, machine.credentialId)) ??
          (await repository.firstCredential(row.userId, machine.provider));
        if (!credential) throw new ServerError(VPS_MESSAGES.noCredential);
        const adapter = adapterOf(credential);
        const found = await translated(adapter.getMachine(machine.machineId));
        if (found) {
          if (found.hostdeckLabel !== String(serverId)) throw new ServerError(VPS_MESSAGES.notLabelled);
          await translated(adapter.deleteMachine(machine.machineId));
        }
      }
      await dependencies.management.delete(caller, serverId, confirmation);
    },
  };
}
export type VpsService = ReturnType<typeof createVpsService>;
