import { UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import {
  SERVER_TRANSFER_EVENT_TYPES,
  SERVER_TRANSFER_MESSAGES,
  SERVER_TRANSFER_MODEL_TYPE,
  type CreateServerTransferBody,
  type ServerTransfer,
  type UpdateServerTransferBody,
} from '@hostdeck/contracts/server-transfer';
import { USER_SSH_KEY_EVENT_TYPES, USER_SSH_KEY_MODEL_TYPE } from '@hostdeck/contracts/user-ssh-keys';
import { serverTransferRotateKey } from '@hostdeck/recipes/server-transfer';
import { sshKeysRemove } from '@hostdeck/recipes/ssh-keys';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { SshKeyPair } from '../remote/ssh-keys.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { joinUsers } from '../user-ssh-keys/user-ssh-keys.service.js';
import { presentTransfer } from './server-transfer.presenter.js';
import type { ServerTransferRepository, TransferDetails } from './server-transfer.repository.js';

/** The caller: enough of the users row to decide and to match offers by verified email. */
export interface TransferCaller {
  id: number;
  name: string;
  email: string;
  locale: string;
  emailVerifiedAt: Date | null;
}

/** Mails one offer (server-transfer.area.ts renders and sends it through the panel's mailer). */
export type TransferMailer = (mail: {
  transfer: TransferDetails;
  senderName: string;
  /** The addressee's language when they have an account, else the sender's. */
  locale: string;
}) => Promise<void>;

const ACCESS_CHANGED: UpdateKey[] = [UPDATE_KEYS.servers, UPDATE_KEYS.sites, UPDATE_KEYS.user];

export interface ServerTransferDependencies {
  repository: ServerTransferRepository;
  policy: Pick<AccessPolicy, 'authorizeServer' | 'usersWithServerAccess'>;
  events: Pick<EventsService, 'startRecipe'>;
  servers: Pick<ServersRepository, 'findRow'>;
  /** The panel's new key pair for a server (remote/ssh-keys.ts), sealed by `seal`. */
  generateKeyPair: (comment: string) => SshKeyPair;
  sealPrivateKey: (privateKey: string) => string;
  mailOffer: TransferMailer;
  notify: (userIds: number[], keys: UpdateKey[]) => void;
}

/**
 * Server transfer (issue 22 point 5, spec/000 §7 `api/servers-transfer`, docs/server-transfer.md).
 * Only the server's owner offers it (a team member who sees it gets 403, anyone else 404). The
 * offer belongs to the account that verified its email: to anyone else it does not exist (404).
 *
 * Acceptance is ordered so nothing is lost on failure: the database moves first, in one
 * transaction (the transfer stands from then on); then the key rotation runs as an event. If it
 * fails, the server keeps the old key (the panel still reaches it), the transfer shows the
 * rotation failed, and the new owner runs it again.
 */
export function createServerTransferService(deps: ServerTransferDependencies) {
  const { repository, policy, events, servers } = deps;

  const isAddressee = (caller: TransferCaller, email: string) =>
    caller.emailVerifiedAt !== null && caller.email.toLowerCase() === email.toLowerCase();
  const present = (caller: TransferCaller, found: TransferDetails) =>
    presentTransfer(found, found.transfer.fromUserId === caller.id ? 'outgoing' : 'incoming');

  /** The transfer as the caller may see it: its sender, its addressee, or who decided it. */
  async function visible(caller: TransferCaller, id: number) {
    const found = await repository.findById(id);
    if (
      !found ||
      !(
        found.transfer.fromUserId === caller.id ||
        found.transfer.toUserId === caller.id ||
        (found.transfer.status === 'pending' && isAddressee(caller, found.transfer.email))
      )
    ) {
      throw new NotFoundError();
    }
    return found;
  }

  /** Starts the rotation event, as the new owner (who now manages the server). */
  async function startRotation(ownerId: number, found: TransferDetails, oldKey: string, newKey: string) {
    return events.startRecipe({
      userId: ownerId,
      serverId: found.server.id,
      recipeId: serverTransferRotateKey.id,
      input: { old_public_key: oldKey, new_public_key: newKey },
      type: SERVER_TRANSFER_EVENT_TYPES.rotateKey,
      description: { id: 'rotatePanelKey', values: { server: found.server.name } },
      modelId: found.transfer.id,
      modelType: SERVER_TRANSFER_MODEL_TYPE,
    });
  }

  /**
   * The account keys of others (the sender, team members) that the panel put on the server come
   * off it: one `ssh-keys-remove` event per key, as "remove from all" does; the placements go
   * when each ends FINISHED (user-ssh-keys.events.ts).
   */
  async function removeForeignKeys(ownerId: number, serverId: number): Promise<number> {
    const placements = await repository.foreignKeyPlacements(serverId, ownerId);
    const byKey = new Map<number, { name: string; fingerprint: string; users: string[] }>();
    for (const placement of placements) {
      const entry = byKey.get(placement.keyId) ?? { ...placement, users: [] };
      entry.users.push(placement.linuxUser);
      byKey.set(placement.keyId, entry);
    }
    for (const [keyId, key] of byKey) {
      await events.startRecipe({
        userId: ownerId,
        serverId,
        recipeId: sshKeysRemove.id,
        input: { fingerprint: key.fingerprint, users: key.users },
        type: USER_SSH_KEY_EVENT_TYPES.remove,
        description: { id: 'removeUserSshKey', values: { key: key.name, users: joinUsers(key.users) } },
        modelId: keyId,
        modelType: USER_SSH_KEY_MODEL_TYPE,
      });
    }
    return byKey.size;
  }

  async function accept(caller: TransferCaller, found: TransferDetails): Promise<void> {
    if (found.transfer.expiresAt.getTime() <= Date.now()) {
      throw new ValidationError({ servers_transfer: [SERVER_TRANSFER_MESSAGES.expired] });
    }
    const row = await servers.findRow(found.server.id);
    if (!row?.publicKey || !row.sealedPrivateKey) {
      throw new ValidationError({ server_id: [SERVER_TRANSFER_MESSAGES.notConnected] });
    }
    const before = await policy.usersWithServerAccess(found.server.id);
    const pair = deps.generateKeyPair(`hostdeck-server-${found.server.id}`);
    const counts = await repository.accept(found, caller.id, {
      oldPublicKey: row.publicKey,
      newPublicKey: pair.publicKey,
      sealedNewPrivateKey: deps.sealPrivateKey(pair.privateKey),
    });
    if (!counts) throw new ValidationError({ servers_transfer: [SERVER_TRANSFER_MESSAGES.notPending] });
    deps.notify([...new Set([...before, caller.id])], ACCESS_CHANGED);
    // The database has moved: from here a failure leaves the transfer standing, the event failed.
    const event = await startRotation(caller.id, found, row.publicKey, pair.publicKey);
    const removed = await removeForeignKeys(caller.id, found.server.id);
    await repository.recordRotationStart(found.transfer.id, event.id, removed);
  }

  return {
    /** GET api/servers-transfer: offered by the caller, and offered to (or decided by) them. */
    async list(caller: TransferCaller): Promise<{ incoming: ServerTransfer[]; outgoing: ServerTransfer[] }> {
      const verified = caller.emailVerifiedAt === null ? null : caller.email;
      const rows = await repository.listForUser(caller.id, verified);
      const all = rows.map((found) => present(caller, found));
      return {
        incoming: all.filter((transfer) => transfer.direction === 'incoming'),
        outgoing: all.filter((transfer) => transfer.direction === 'outgoing'),
      };
    },

    /** POST api/servers-transfer: only the owner; one pending offer per server. */
    async offer(caller: TransferCaller, body: CreateServerTransferBody): Promise<ServerTransfer> {
      await policy.authorizeServer(caller, body.server_id, 'share');
      if (body.email.toLowerCase() === caller.email.toLowerCase()) {
        throw new ValidationError({ email: [SERVER_TRANSFER_MESSAGES.toYourself] });
      }
      const row = await servers.findRow(body.server_id);
      if (!row) throw new NotFoundError();
      if (!row.publicKey || !row.sealedPrivateKey) {
        throw new ValidationError({ server_id: [SERVER_TRANSFER_MESSAGES.notConnected] });
      }
      if ((await repository.findBlocker(body.server_id)) === 'privateNetwork') {
        throw new ValidationError({ server_id: [SERVER_TRANSFER_MESSAGES.privateNetwork] });
      }
      const inserted = await repository.insertOffer(body.server_id, caller.id, body.email);
      if (!inserted) throw new ValidationError({ server_id: [SERVER_TRANSFER_MESSAGES.alreadyPending] });
      const found = (await repository.findById(inserted.id))!;
      const addressee = await repository.findUserByEmail(body.email);
      await deps.mailOffer({
        transfer: found,
        senderName: caller.name,
        locale: addressee?.locale ?? caller.locale,
      });
      if (addressee) deps.notify([addressee.id], [UPDATE_KEYS.user]);
      return present(caller, found);
    },

    /**
     * PUT api/servers-transfer/{servers_transfer}: the addressee accepts or declines, the sender
     * cancels. Anything else about a transfer one may see is 403; one may not see answers 404.
     */
    async update(
      caller: TransferCaller,
      id: number,
      body: UpdateServerTransferBody,
    ): Promise<ServerTransfer> {
      const found = await visible(caller, id);
      const isSender = found.transfer.fromUserId === caller.id;
      if (found.transfer.status !== 'pending') {
        throw new ValidationError({ servers_transfer: [SERVER_TRANSFER_MESSAGES.notPending] });
      }
      if (body.status === 'cancelled') {
        if (!isSender) throw new NotFoundError();
        if (!(await repository.close(id, 'cancelled', caller.id))) {
          throw new ValidationError({ servers_transfer: [SERVER_TRANSFER_MESSAGES.notPending] });
        }
      } else {
        // Only the addressee decides; the sender does not see an "accept" of their own offer.
        if (!isAddressee(caller, found.transfer.email) || isSender) throw new NotFoundError();
        if (body.status === 'declined') {
          if (!(await repository.close(id, 'declined', caller.id))) {
            throw new ValidationError({ servers_transfer: [SERVER_TRANSFER_MESSAGES.notPending] });
          }
        } else {
          await accept(caller, found);
        }
      }
      deps.notify([found.transfer.fromUserId, caller.id], [UPDATE_KEYS.user]);
      return present(caller, (await repository.findById(id))!);
    },

    /** POST api/servers-transfer/{servers_transfer}/rotate-key: the new owner, after a failure. */
    async retryRotation(caller: TransferCaller, id: number): Promise<ServerTransfer> {
      const found = await visible(caller, id);
      if (found.transfer.toUserId !== caller.id || found.transfer.status !== 'accepted')
        throw new NotFoundError();
      const { oldPublicKey, newPublicKey } = found.transfer;
      if (found.transfer.rotationStatus !== 'failed' || !oldPublicKey || !newPublicKey) {
        throw new ValidationError({ servers_transfer: [SERVER_TRANSFER_MESSAGES.rotationNotFailed] });
      }
      const event = await startRotation(caller.id, found, oldPublicKey, newPublicKey);
      await repository.recordRotationStart(id, event.id);
      return present(caller, (await repository.findById(id))!);
    },
  };
}
export type ServerTransferService = ReturnType<typeof createServerTransferService>;
