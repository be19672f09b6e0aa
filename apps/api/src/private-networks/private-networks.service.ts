import {
  PRIVATE_NETWORK_EVENT_TYPES,
  PRIVATE_NETWORK_MESSAGES,
  PRIVATE_NETWORK_MODEL_TYPE,
  privateNetworkAddress,
  privateNetworkCidr,
  privateNetworkInterface,
  privateNetworkPort,
  type CreatePrivateNetworkBody,
  type PrivateNetwork,
  type PrivateNetworkAction,
  type PrivateNetworkEvents,
  type PrivateNetworkMemberStatus,
} from '@hostdeck/contracts/private-networks';
import { privateNetworkLeave } from '@hostdeck/recipes/private-networks';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import type {
  MemberWithServer,
  PrivateNetworkRow,
  PrivateNetworksRepository,
} from './private-networks.repository.js';

/** The panel tasks of the area's join and peers events (private-networks.tasks.ts). */
export const PRIVATE_NETWORK_TASKS = {
  join: 'private-network-join',
  peers: 'private-network-peers',
} as const;

/** A member whose event has not ended yet: the network waits for it before another change. */
const BUSY_STATUSES: ReadonlySet<string> = new Set(['joining', 'leaving']);

export function presentPrivateNetwork(
  network: PrivateNetworkRow,
  members: readonly MemberWithServer[],
): PrivateNetwork {
  return {
    id: network.id,
    name: network.name,
    cidr: network.cidr,
    port: network.port,
    interface: privateNetworkInterface(network.id),
    created_at: network.createdAt.toISOString(),
    members: members
      .filter((member) => member.networkId === network.id)
      .map((member) => ({
        id: member.id,
        server_id: member.serverId,
        server_name: member.serverName,
        server_ip: member.serverIp,
        address: member.address,
        public_key: member.publicKey,
        status: member.status as PrivateNetworkMemberStatus,
      })),
  };
}

/** The lowest free host address (.1-.254) of the network's /24. */
function nextFreeAddress(cidr: string, taken: readonly string[]): string {
  const used = new Set(taken);
  for (let host = 1; host <= 254; host += 1) {
    const address = privateNetworkAddress(cidr, host);
    if (!used.has(address)) return address;
  }
  throw new ValidationError({ server_id: [PRIVATE_NETWORK_MESSAGES.full] });
}

export interface PrivateNetworksDependencies {
  repository: PrivateNetworksRepository;
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  events: Pick<EventsService, 'startRecipe' | 'startTask'>;
  servers: Pick<ServersRepository, 'findRow'>;
}

/**
 * Private networks between one account's servers (issue 18 moonshot; docs/private-networks.md).
 * A network belongs to the account that made it (another account's answers 404); each server
 * joined, left or changed needs the caller's `manage`. Every change is events: a join task per new
 * member; once no member is joining any more, a peers task per active member (the finished-event
 * handler starts them, private-networks.events.ts); a leave event per member taken out, and a
 * peers task for each one that stays.
 */
export function createPrivateNetworksService({
  repository,
  policy,
  events,
  servers,
}: PrivateNetworksDependencies) {
  async function owned(caller: Caller, id: number) {
    const network = await repository.findOwned(caller.id, id);
    if (!network) throw new NotFoundError();
    return network;
  }

  async function present(network: PrivateNetworkRow) {
    return presentPrivateNetwork(network, await repository.members([network.id]));
  }

  /** Every server must be one the caller manages and the panel can reach, before any event starts. */
  async function authorizeServers(caller: Caller, serverIds: readonly number[]) {
    for (const serverId of serverIds) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await servers.findRow(serverId);
      if (!row) throw new NotFoundError();
      if (!(row.sealedPrivateKey ?? row.sealedPassword)) throw new ServerError(SERVER_MESSAGES.notConnected);
    }
  }

  function assertIdle(members: readonly MemberWithServer[]) {
    if (members.some((member) => BUSY_STATUSES.has(member.status)))
      throw new ValidationError({ network: [PRIVATE_NETWORK_MESSAGES.busy] });
  }

  async function startJoin(userId: number, network: PrivateNetworkRow, serverId: number, taken: string[]) {
    const address = nextFreeAddress(network.cidr, taken);
    const member = await repository.insertMember({ networkId: network.id, serverId, address });
    if (!member) throw new ValidationError({ server_id: [PRIVATE_NETWORK_MESSAGES.alreadyMember] });
    taken.push(address);
    const event = await events
      .startTask({
        userId,
        serverId,
        task: PRIVATE_NETWORK_TASKS.join,
        input: { member_id: member.id },
        type: PRIVATE_NETWORK_EVENT_TYPES.join,
        description: { id: 'joinPrivateNetwork', values: { network: network.name, address } },
        modelId: member.id,
        modelType: PRIVATE_NETWORK_MODEL_TYPE,
      })
      .catch(async (error: unknown) => {
        // No event will settle it: it must not stay `joining`.
        await repository.setMemberStatus(member.id, 'error');
        throw error;
      });
    return { id: event.id, server_id: serverId };
  }

  async function startLeave(userId: number, network: PrivateNetworkRow, member: MemberWithServer) {
    await repository.setMemberStatus(member.id, 'leaving');
    const event = await events.startRecipe({
      userId,
      serverId: member.serverId,
      recipeId: privateNetworkLeave.id,
      input: { interface: privateNetworkInterface(network.id) },
      type: PRIVATE_NETWORK_EVENT_TYPES.leave,
      description: { id: 'leavePrivateNetwork', values: { network: network.name } },
      modelId: member.id,
      modelType: PRIVATE_NETWORK_MODEL_TYPE,
    });
    return { id: event.id, server_id: member.serverId };
  }

  /**
   * A peers task for every active member of the network: each reads the members again when it
   * runs, so the last one queued on a server always sets the latest list.
   */
  async function startPeerUpdates(userId: number, networkId: number): Promise<PrivateNetworkEvents> {
    const network = await repository.findById(networkId);
    if (!network) return [];
    const members = await repository.members([network.id]);
    const started: PrivateNetworkEvents = [];
    for (const member of members) {
      if (member.status !== 'active') continue;
      const event = await events.startTask({
        userId,
        serverId: member.serverId,
        task: PRIVATE_NETWORK_TASKS.peers,
        input: { member_id: member.id },
        type: PRIVATE_NETWORK_EVENT_TYPES.peers,
        description: { id: 'setPrivateNetworkPeers', values: { network: network.name } },
        modelId: member.id,
        modelType: PRIVATE_NETWORK_MODEL_TYPE,
      });
      started.push({ id: event.id, server_id: member.serverId });
    }
    return started;
  }

  return {
    startPeerUpdates,

    /** GET api/private-networks. */
    async list(caller: Caller): Promise<PrivateNetwork[]> {
      const networks = await repository.listOwned(caller.id);
      const members = await repository.members(networks.map((network) => network.id));
      return networks.map((network) => presentPrivateNetwork(network, members));
    },

    /** GET api/servers/{server}/private-networks: the caller's networks this server is in. */
    async listOfServer(caller: Caller, serverId: number): Promise<PrivateNetwork[]> {
      await policy.authorizeServer(caller, serverId, 'view');
      const networks = await repository.listOwnedWithServer(caller.id, serverId);
      const members = await repository.members(networks.map((network) => network.id));
      return networks.map((network) => presentPrivateNetwork(network, members));
    },

    /** POST api/private-networks: the network, and a join event per server (one action). */
    async create(caller: Caller, body: CreatePrivateNetworkBody): Promise<PrivateNetworkAction> {
      await authorizeServers(caller, body.servers);
      const network = await repository.insert({ userId: caller.id, name: body.name }, (id) => ({
        cidr: privateNetworkCidr(id),
        port: privateNetworkPort(id),
      }));
      if (!network) throw new ValidationError({ name: [PRIVATE_NETWORK_MESSAGES.duplicateName] });
      const taken: string[] = [];
      const started: PrivateNetworkEvents = [];
      for (const serverId of body.servers) started.push(await startJoin(caller.id, network, serverId, taken));
      return { network: await present(network), events: started };
    },

    /** POST api/private-networks/{network}/members: one more server joins. */
    async addMember(caller: Caller, id: number, serverId: number): Promise<PrivateNetworkAction> {
      const network = await owned(caller, id);
      const members = await repository.members([network.id]);
      if (members.some((member) => member.serverId === serverId))
        throw new ValidationError({ server_id: [PRIVATE_NETWORK_MESSAGES.alreadyMember] });
      assertIdle(members);
      await authorizeServers(caller, [serverId]);
      const taken = members.map((member) => member.address);
      const event = await startJoin(caller.id, network, serverId, taken);
      return { network: await present(network), events: [event] };
    },

    /** DELETE api/private-networks/{network}/members/{server}: it leaves; the others drop it. */
    async removeMember(caller: Caller, id: number, serverId: number): Promise<PrivateNetworkAction> {
      const network = await owned(caller, id);
      const members = await repository.members([network.id]);
      const member = members.find((candidate) => candidate.serverId === serverId);
      if (!member) throw new NotFoundError();
      assertIdle(members);
      await authorizeServers(caller, [serverId]);
      const started = [await startLeave(caller.id, network, member)];
      started.push(...(await startPeerUpdates(caller.id, network.id)));
      return { network: await present(network), events: started };
    },

    /**
     * DELETE api/private-networks/{network}: every member leaves; the network row goes with its
     * last member (a member whose leave failed keeps it, with status `error`, to try again).
     */
    async destroy(caller: Caller, id: number): Promise<PrivateNetworkAction> {
      const network = await owned(caller, id);
      const members = await repository.members([network.id]);
      assertIdle(members);
      if (members.length === 0) {
        await repository.remove(network.id);
        return { network: null, events: [] };
      }
      await authorizeServers(
        caller,
        members.map((member) => member.serverId),
      );
      const started: PrivateNetworkEvents = [];
      for (const member of members) started.push(await startLeave(caller.id, network, member));
      return { network: await present(network), events: started };
    },
  };
}
export type PrivateNetworksService = ReturnType<typeof createPrivateNetworksService>;
