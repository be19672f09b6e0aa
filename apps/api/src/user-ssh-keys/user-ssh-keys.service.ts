import { createHash } from 'node:crypto';
import {
  USER_SSH_KEY_EVENT_TYPES,
  USER_SSH_KEY_MESSAGES,
  USER_SSH_KEY_MODEL_TYPE,
  type AddUserSshKeyToServersBody,
  type UserSshKey,
  type UserSshKeyEvents,
} from '@hostdeck/contracts/user-ssh-keys';
import { parseSshPublicKey } from '@hostdeck/contracts/ssh-public-key';
import { sshKeysAdd, sshKeysRemove } from '@hostdeck/recipes/ssh-keys';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { generateSshKeyPair } from '../remote/ssh-keys.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import type {
  PlacementWithServer,
  UserSshKeyRow,
  UserSshKeysRepository,
} from './user-ssh-keys.repository.js';

/**
 * The fingerprint `ssh-keygen -l` prints for a key: `SHA256:` and the unpadded base64 of the
 * SHA-256 of the decoded blob.
 */
export function sshKeyFingerprint(publicKey: string): string {
  const blob = publicKey.trim().split(/ +/)[1] ?? '';
  const digest = createHash('sha256').update(Buffer.from(blob, 'base64')).digest('base64');
  return `SHA256:${digest.replace(/=+$/, '')}`;
}

/** `root, hostdeck` in an event's description values, and back. */
export const joinUsers = (users: readonly string[]) => users.join(', ');
export const splitUsers = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(/, */).filter((user) => /^[a-z_][a-z0-9_-]{0,31}$/.test(user)) : [];

function presentKey(row: UserSshKeyRow, placements: readonly PlacementWithServer[]): UserSshKey {
  const parsed = parseSshPublicKey(row.publicKey);
  const byServer = new Map<number, { server_id: number; server_name: string; users: string[] }>();
  for (const placement of placements) {
    if (placement.keyId !== row.id) continue;
    let entry = byServer.get(placement.serverId);
    if (!entry) {
      entry = { server_id: placement.serverId, server_name: placement.serverName, users: [] };
      byServer.set(placement.serverId, entry);
    }
    entry.users.push(placement.linuxUser);
  }
  return {
    id: row.id,
    name: row.name,
    public_key: row.publicKey,
    fingerprint: row.fingerprint,
    type: 'error' in parsed ? (row.publicKey.split(' ')[0] ?? '') : parsed.type,
    comment: 'error' in parsed ? null : parsed.comment,
    created_at: row.createdAt.toISOString(),
    placements: [...byServer.values()],
  };
}

export interface UserSshKeysDependencies {
  repository: UserSshKeysRepository;
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  events: Pick<EventsService, 'startRecipe'>;
  servers: Pick<ServersRepository, 'findRow'>;
}

/**
 * The account's SSH keys (issue 17, spec/000 §7): kept as public keys only, put on servers'
 * Linux users with one `ssh-keys-add` event per server, taken off everywhere with one
 * `ssh-keys-remove` event per server. Another account's key answers 404; each server needs the
 * caller's `manage`. The placements change when the events end FINISHED (user-ssh-keys.events.ts).
 */
export function createUserSshKeysService({ repository, policy, events, servers }: UserSshKeysDependencies) {
  async function owned(caller: Caller, id: number) {
    const key = await repository.findOwned(caller.id, id);
    if (!key) throw new NotFoundError();
    return key;
  }

  async function present(caller: Caller, key: UserSshKeyRow) {
    return presentKey(key, await repository.placements([key.id]));
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

  return {
    /** GET api/user/ssh-keys. */
    async list(caller: Caller): Promise<UserSshKey[]> {
      const keys = await repository.listOwned(caller.id);
      const placements = await repository.placements(keys.map((key) => key.id));
      return keys.map((key) => presentKey(key, placements));
    },

    /** POST api/user/ssh-keys: the key already normalized by its grammar. */
    async create(caller: Caller, input: { name: string; public_key: string }): Promise<UserSshKey> {
      const row = await repository.insert({
        userId: caller.id,
        name: input.name,
        publicKey: input.public_key,
        fingerprint: sshKeyFingerprint(input.public_key),
      });
      if (!row) throw new ValidationError({ public_key: [USER_SSH_KEY_MESSAGES.duplicate] });
      return present(caller, row);
    },

    /** DELETE api/user/ssh-keys/{sshKey}: only once it is on no server. */
    async remove(caller: Caller, id: number): Promise<void> {
      const key = await owned(caller, id);
      if ((await repository.placements([key.id])).length > 0)
        throw new ValidationError({ sshKey: [USER_SSH_KEY_MESSAGES.stillPlaced] });
      await repository.remove(key.id);
    },

    /** POST api/user/ssh-keys/{sshKey}/add: one event per server. */
    async addToServers(
      caller: Caller,
      id: number,
      body: AddUserSshKeyToServersBody,
    ): Promise<UserSshKeyEvents> {
      const key = await owned(caller, id);
      await authorizeServers(
        caller,
        body.targets.map((target) => target.server_id),
      );
      const started: UserSshKeyEvents = [];
      for (const target of body.targets) {
        const event = await events.startRecipe({
          userId: caller.id,
          serverId: target.server_id,
          recipeId: sshKeysAdd.id,
          input: { public_key: key.publicKey, users: target.users },
          type: USER_SSH_KEY_EVENT_TYPES.add,
          description: { id: 'addUserSshKey', values: { key: key.name, users: joinUsers(target.users) } },
          modelId: key.id,
          modelType: USER_SSH_KEY_MODEL_TYPE,
        });
        started.push({ id: event.id, server_id: target.server_id });
      }
      return started;
    },

    /** DELETE api/user/ssh-keys/{sshKey}/remove: one event per server it is on. */
    async removeFromAll(caller: Caller, id: number): Promise<UserSshKeyEvents> {
      const key = await owned(caller, id);
      const placements = await repository.placements([key.id]);
      if (placements.length === 0) throw new ValidationError({ sshKey: [USER_SSH_KEY_MESSAGES.notPlaced] });
      const byServer = new Map<number, string[]>();
      for (const placement of placements) {
        byServer.set(placement.serverId, [...(byServer.get(placement.serverId) ?? []), placement.linuxUser]);
      }
      await authorizeServers(caller, [...byServer.keys()]);
      const started: UserSshKeyEvents = [];
      for (const [serverId, users] of byServer) {
        const event = await events.startRecipe({
          userId: caller.id,
          serverId,
          recipeId: sshKeysRemove.id,
          input: { fingerprint: key.fingerprint, users },
          type: USER_SSH_KEY_EVENT_TYPES.remove,
          description: { id: 'removeUserSshKey', values: { key: key.name, users: joinUsers(users) } },
          modelId: key.id,
          modelType: USER_SSH_KEY_MODEL_TYPE,
        });
        started.push({ id: event.id, server_id: serverId });
      }
      return started;
    },

    /** POST api/generate-ssh-key: a fresh Ed25519 pair, answered once and never stored. */
    generate(): { public_key: string; private_key: string } {
      const date = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      const pair = generateSshKeyPair(`hostdeck-key-${date}`);
      return { public_key: pair.publicKey, private_key: pair.privateKey };
    },
  };
}
export type UserSshKeysService = ReturnType<typeof createUserSshKeysService>;
