import { and, count, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { SERVER_TRANSFER_TTL_DAYS } from '@hostdeck/contracts/server-transfer';
import type { Database } from '../database/database.js';
import {
  backupConfigs,
  backupDrives,
  databases,
  dnsCredentials,
  favorites,
  privateNetworkMembers,
  schedules,
  serverTransfers,
  servers,
  sites,
  teamServers,
  users,
  userSshKeyPlacements,
  userSshKeys,
  type ServerTransferRow,
} from '../database/schema.js';

export type { ServerTransferRow };

/** A transfer with what its list and mail show: the server and the sender. */
export interface TransferDetails {
  transfer: ServerTransferRow;
  server: { id: number; name: string; ip: string };
  from: { name: string; email: string };
}

/** Counts of what acceptance moved or removed (the report, without the key rotation). */
export interface TransferCounts {
  sites: number;
  databases: number;
  backups: number;
  schedules: number;
  team_shares: number;
}

/** The panel keys of the rotation: the old one (on the server) and the new pair. */
export interface RotationKeys {
  oldPublicKey: string;
  newPublicKey: string;
  sealedNewPrivateKey: string;
}

/** Rolls the acceptance back: the offer was decided, or the server changed hands, meanwhile. */
class StaleTransfer extends Error {}

const details = {
  transfer: serverTransfers,
  server: { id: servers.id, name: servers.name, ip: servers.ip },
  from: { name: users.name, email: users.email },
};
const sameEmail = (email: string) => sql`lower(${serverTransfers.email}) = lower(${email})`;
const expiryFromNow = sql`now() + make_interval(days => ${SERVER_TRANSFER_TTL_DAYS})`;

export function createServerTransferRepository(db: Database) {
  const selectDetails = () =>
    db
      .select(details)
      .from(serverTransfers)
      .innerJoin(servers, eq(servers.id, serverTransfers.serverId))
      .innerJoin(users, eq(users.id, serverTransfers.fromUserId));

  return {
    async findById(id: number): Promise<TransferDetails | null> {
      const [row] = await selectDetails().where(eq(serverTransfers.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * The caller's transfers: those they offered, and those offered to their verified email (or
     * that they decided), newest first.
     */
    async listForUser(userId: number, verifiedEmail: string | null): Promise<TransferDetails[]> {
      return selectDetails()
        .where(
          or(
            eq(serverTransfers.fromUserId, userId),
            eq(serverTransfers.toUserId, userId),
            verifiedEmail === null
              ? undefined
              : and(eq(serverTransfers.status, 'pending'), sameEmail(verifiedEmail)),
          ),
        )
        .orderBy(desc(serverTransfers.id));
    },

    async findUserByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id, locale: users.locale, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row ?? null;
    },

    /** Why the server cannot leave its owner's account yet, if anything ties it there. */
    async findBlocker(serverId: number): Promise<'privateNetwork' | null> {
      const [member] = await db
        .select({ id: privateNetworkMembers.id })
        .from(privateNetworkMembers)
        .where(eq(privateNetworkMembers.serverId, serverId))
        .limit(1);
      return member ? 'privateNetwork' : null;
    },

    /**
     * A new pending offer; null when the server already has one. A pending offer past its days is
     * closed first (as cancelled), so it never blocks a new one.
     */
    async insertOffer(
      serverId: number,
      fromUserId: number,
      email: string,
    ): Promise<ServerTransferRow | null> {
      return db.transaction(async (tx) => {
        await tx
          .update(serverTransfers)
          .set({ status: 'cancelled', decidedAt: serverTransfers.expiresAt })
          .where(
            and(
              eq(serverTransfers.serverId, serverId),
              eq(serverTransfers.status, 'pending'),
              sql`${serverTransfers.expiresAt} <= now()`,
            ),
          );
        const [row] = await tx
          .insert(serverTransfers)
          .values({ serverId, fromUserId, email, expiresAt: expiryFromNow })
          .onConflictDoNothing()
          .returning();
        return row ?? null;
      });
    },

    /** Declines or cancels a pending offer; false when it was no longer pending. */
    async close(id: number, status: 'declined' | 'cancelled', userId: number): Promise<boolean> {
      const rows = await db
        .update(serverTransfers)
        .set({ status, decidedAt: sql`now()`, toUserId: status === 'declined' ? userId : null })
        .where(and(eq(serverTransfers.id, id), eq(serverTransfers.status, 'pending')))
        .returning({ id: serverTransfers.id });
      return rows.length > 0;
    },

    /**
     * Acceptance, in ONE transaction (docs/server-transfer.md): the offer closes, the server, its
     * sites and (through their server) its databases, backups and schedules move to the new owner,
     * the drives its backups write to are copied into the new owner's account (so they keep
     * running; secrets stay sealed), the team shares and the sender's favourites of it go, and the
     * new panel key waits here for the rotation event. Null when the offer was no longer pending or
     * the server changed hands meanwhile (nothing changed then).
     */
    async accept(
      found: TransferDetails,
      toUserId: number,
      keys: RotationKeys,
    ): Promise<TransferCounts | null> {
      const { transfer } = found;
      return db
        .transaction(async (tx) => {
          const closed = await tx
            .update(serverTransfers)
            .set({
              status: 'accepted',
              toUserId,
              decidedAt: sql`now()`,
              rotationStatus: 'pending',
              oldPublicKey: keys.oldPublicKey,
              newPublicKey: keys.newPublicKey,
              sealedNewPrivateKey: keys.sealedNewPrivateKey,
            })
            .where(and(eq(serverTransfers.id, transfer.id), eq(serverTransfers.status, 'pending')))
            .returning({ id: serverTransfers.id });
          if (closed.length === 0) throw new StaleTransfer();
          const moved = await tx
            .update(servers)
            .set({ userId: toUserId, updatedAt: sql`now()` })
            .where(and(eq(servers.id, transfer.serverId), eq(servers.userId, transfer.fromUserId)))
            .returning({ id: servers.id });
          if (moved.length === 0) throw new StaleTransfer();
          const movedSites = await tx
            .update(sites)
            .set({ userId: toUserId })
            .where(eq(sites.serverId, transfer.serverId))
            .returning({ id: sites.id });

          const configs = await tx
            .select({ id: backupConfigs.id, drive: backupDrives })
            .from(backupConfigs)
            .innerJoin(backupDrives, eq(backupDrives.id, backupConfigs.driveId))
            .where(eq(backupConfigs.serverId, transfer.serverId));
          const copies = new Map<number, number>();
          for (const { id, drive } of configs) {
            if (drive.userId === toUserId) continue;
            let copyId = copies.get(drive.id);
            if (copyId === undefined) {
              const [copy] = await tx
                .insert(backupDrives)
                .values({
                  userId: toUserId,
                  // Unique per account: the copy is named after the transfer.
                  name: `${drive.name.slice(0, 40)} (transfer ${transfer.id})`,
                  kind: drive.kind,
                  settings: drive.settings,
                  sealedSecret: drive.sealedSecret,
                  publicKey: drive.publicKey,
                  targetServerId: drive.targetServerId,
                })
                .returning({ id: backupDrives.id });
              copyId = copy!.id;
              copies.set(drive.id, copyId);
            }
            await tx.update(backupConfigs).set({ driveId: copyId }).where(eq(backupConfigs.id, id));
          }

          const shares = await tx
            .delete(teamServers)
            .where(eq(teamServers.serverId, transfer.serverId))
            .returning({ teamId: teamServers.teamId });
          const siteIds = movedSites.map((site) => site.id);
          await tx
            .delete(favorites)
            .where(
              and(
                ne(favorites.userId, toUserId),
                or(
                  and(eq(favorites.kind, 'server'), eq(favorites.modelId, transfer.serverId)),
                  siteIds.length > 0
                    ? and(eq(favorites.kind, 'site'), inArray(favorites.modelId, siteIds))
                    : undefined,
                ),
              ),
            );
          // A bind9 credential of the sender names this server as its DNS server: it is theirs, and
          // the server no longer is, so it goes (their zones on the server stay with the server).
          await tx
            .delete(dnsCredentials)
            .where(and(eq(dnsCredentials.serverId, transfer.serverId), ne(dnsCredentials.userId, toUserId)));

          const countOf = async (table: typeof databases | typeof schedules) => {
            const [row] = await tx
              .select({ value: count() })
              .from(table)
              .where(eq(table.serverId, transfer.serverId));
            return row?.value ?? 0;
          };
          const counts: TransferCounts = {
            sites: movedSites.length,
            databases: await countOf(databases),
            backups: configs.length,
            schedules: await countOf(schedules),
            team_shares: shares.length,
          };
          await tx.update(serverTransfers).set({ report: counts }).where(eq(serverTransfers.id, transfer.id));
          return counts;
        })
        .catch((error: unknown) => {
          if (error instanceof StaleTransfer) return null;
          throw error;
        });
    },

    /** The account keys on the server that are not the new owner's: they come off it. */
    async foreignKeyPlacements(serverId: number, ownerId: number) {
      return db
        .select({
          keyId: userSshKeys.id,
          name: userSshKeys.name,
          fingerprint: userSshKeys.fingerprint,
          linuxUser: userSshKeyPlacements.linuxUser,
        })
        .from(userSshKeyPlacements)
        .innerJoin(userSshKeys, eq(userSshKeys.id, userSshKeyPlacements.keyId))
        .where(and(eq(userSshKeyPlacements.serverId, serverId), ne(userSshKeys.userId, ownerId)));
    },

    async recordRotationStart(id: number, eventId: number, keysRemoved?: number) {
      await db
        .update(serverTransfers)
        .set({
          rotationStatus: 'pending',
          rotationEventId: eventId,
          ...(keysRemoved === undefined
            ? {}
            : {
                report: sql`${serverTransfers.report} || jsonb_build_object('ssh_keys_removed', ${keysRemoved}::int)`,
              }),
        })
        .where(eq(serverTransfers.id, id));
    },

    /**
     * The rotation event ended FINISHED: the new key is on the server and the old one gone, so the
     * server's row takes the new pair, and the transfer forgets it. Only while the server still
     * holds the old key (a later reconnect with a fresh key is never overwritten).
     */
    async completeRotation(id: number) {
      await db.transaction(async (tx) => {
        const [transfer] = await tx
          .select()
          .from(serverTransfers)
          .where(and(eq(serverTransfers.id, id), isNotNull(serverTransfers.sealedNewPrivateKey)));
        if (!transfer) return;
        await tx
          .update(servers)
          .set({
            publicKey: transfer.newPublicKey,
            sealedPrivateKey: transfer.sealedNewPrivateKey,
            updatedAt: sql`now()`,
          })
          .where(and(eq(servers.id, transfer.serverId), eq(servers.publicKey, transfer.oldPublicKey!)));
        await tx
          .update(serverTransfers)
          .set({ rotationStatus: 'rotated', sealedNewPrivateKey: null, oldPublicKey: null })
          .where(eq(serverTransfers.id, id));
      });
    },

    async failRotation(id: number) {
      await db.update(serverTransfers).set({ rotationStatus: 'failed' }).where(eq(serverTransfers.id, id));
    },
  };
}
export type ServerTransferRepository = ReturnType<typeof createServerTransferRepository>;
