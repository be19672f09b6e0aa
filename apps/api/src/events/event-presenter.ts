import { isFailedStatus, statusGroup, type Event } from '@hostdeck/contracts';
import type { EventRow } from './events.repository.js';

/** The only way an event row leaves the panel: input and sealed secrets are never read here. */
export function presentEvent(
  row: EventRow,
  user: { name: string | null; photo: string | null } | null,
): Event {
  return {
    id: row.id,
    type: row.type,
    server_id: row.serverId,
    site_id: row.siteId,
    model_id: row.modelId,
    model_type: row.modelType,
    is_finished: row.isFinished,
    description: row.description,
    status: row.status,
    output: row.output,
    output_truncated: row.outputTruncated,
    error_reason: row.errorReason,
    current_step: row.currentStepId,
    created_at: row.createdAt.toISOString(),
    created_at_display: row.createdAt.toISOString().replace('T', ' ').slice(0, 19),
    user_name: user?.name ?? null,
    user_avatar: user?.photo ?? null,
    color: eventColor(row.status),
  };
}

export function eventColor(status: string): Event['color'] {
  if (isFailedStatus(status)) return 'error';
  const group = statusGroup(status);
  if (group === 'finished') return 'success';
  if (group === 'running') return 'primary';
  return 'default';
}
