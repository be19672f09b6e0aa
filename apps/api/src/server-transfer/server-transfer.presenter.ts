import {
  serverTransferReportSchema,
  type ServerTransfer,
  type ServerTransferReport,
} from '@hostdeck/contracts/server-transfer';
import type { TransferDetails } from './server-transfer.repository.js';

/** A transfer as its sender or addressee sees it; the keys it holds are never presented. */
export function presentTransfer(
  { transfer, server, from }: TransferDetails,
  direction: ServerTransfer['direction'],
): ServerTransfer {
  let report: ServerTransferReport | null = null;
  if (transfer.status === 'accepted') {
    const stored = (transfer.report ?? {}) as Partial<ServerTransferReport>;
    report = serverTransferReportSchema.parse({
      sites: stored.sites ?? 0,
      databases: stored.databases ?? 0,
      backups: stored.backups ?? 0,
      schedules: stored.schedules ?? 0,
      team_shares: stored.team_shares ?? 0,
      ssh_keys_removed: stored.ssh_keys_removed ?? 0,
      key_rotation: transfer.rotationStatus ?? 'pending',
      key_rotation_event_id: transfer.rotationEventId,
    });
  }
  return {
    id: transfer.id,
    direction,
    server,
    from,
    email: transfer.email,
    status: transfer.status as ServerTransfer['status'],
    expired: transfer.status === 'pending' && transfer.expiresAt.getTime() <= Date.now(),
    created_at: transfer.createdAt.toISOString(),
    expires_at: transfer.expiresAt.toISOString(),
    decided_at: transfer.decidedAt?.toISOString() ?? null,
    report,
    can_retry_rotation: direction === 'incoming' && transfer.rotationStatus === 'failed',
  };
}
