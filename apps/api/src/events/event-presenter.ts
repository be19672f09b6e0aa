import { isFailedStatus, statusGroup, type Event, type EventText, type Locale } from '@hostdeck/contracts';
import { translate } from '../i18n/translate.js';
import type { EventRow } from './events.repository.js';
import { recognizeEventText, translateEventText } from './event-texts.js';

/** Who started an event and where it ran, as far as the caller knows them. */
export interface EventContext {
  name?: string | null;
  photo?: string | null;
  serverName?: string | null;
  siteName?: string | null;
}

/**
 * The only way an event row leaves the panel: input and sealed secrets are never read here. The
 * description and error line are written in `locale` (English in realtime messages, where each
 * browser translates the ids itself); rows stored before ids are recognised by their English.
 */
export function presentEvent(row: EventRow, context: EventContext | null, locale: Locale = 'en'): Event {
  const description: EventText | null = row.descriptionId
    ? { id: row.descriptionId, values: row.descriptionValues }
    : recognizeEventText('description', row.description);
  const error: EventText | null = row.errorId
    ? { id: row.errorId, values: row.errorValues }
    : recognizeEventText('error', row.errorReason);
  return {
    id: row.id,
    type: row.type,
    server_id: row.serverId,
    site_id: row.siteId,
    server_name: context?.serverName ?? null,
    site_name: context?.siteName ?? null,
    model_id: row.modelId,
    model_type: row.modelType,
    is_finished: row.isFinished,
    description:
      (description && translateEventText(locale, 'description', description)) ??
      translate(locale, row.description),
    description_id: description?.id ?? null,
    description_values: description?.values ?? {},
    status: row.status,
    output: row.output,
    output_truncated: row.outputTruncated,
    error_reason:
      row.errorReason === null
        ? null
        : ((error && translateEventText(locale, 'error', error)) ?? translate(locale, row.errorReason)),
    error_id: error?.id ?? null,
    error_values: error?.values ?? {},
    current_step: row.currentStepId,
    created_at: row.createdAt.toISOString(),
    created_at_display: row.createdAt.toISOString().replace('T', ' ').slice(0, 19),
    user_name: context?.name ?? null,
    user_avatar: context?.photo ?? null,
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
