/**
 * The status badge groups of spec/000 §2. A status is shown upper-cased; empty shows '---'.
 * Any status outside the pending and finished groups is "running" (indeterminate progress).
 */
export const PENDING_STATUSES = ['PENDING', 'NOT INSTALLED', '---'] as const;
export const FINISHED_STATUSES = [
  'ERROR',
  'FINISHED',
  'INSTALLED',
  'STOPPED',
  'ACTIVE',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
] as const;
export const FAILED_STATUSES = ['ERROR', 'REJECTED', 'CANCELLED'] as const;

export type StatusGroup = 'pending' | 'finished' | 'running';

export function normalizeStatus(status: string | null | undefined): string {
  const upper = (status ?? '').trim().toUpperCase();
  return upper === '' ? '---' : upper;
}

export function statusGroup(status: string | null | undefined): StatusGroup {
  const normalized = normalizeStatus(status);
  if ((PENDING_STATUSES as readonly string[]).includes(normalized)) return 'pending';
  if ((FINISHED_STATUSES as readonly string[]).includes(normalized)) return 'finished';
  return 'running';
}

export function isFailedStatus(status: string | null | undefined): boolean {
  return (FAILED_STATUSES as readonly string[]).includes(normalizeStatus(status));
}

/** Statuses an event moves through. RUNNING is in no group, so the badge shows progress. */
export const EVENT_STATUS = {
  pending: 'PENDING',
  running: 'RUNNING',
  finished: 'FINISHED',
  error: 'ERROR',
  cancelled: 'CANCELLED',
} as const;
export type EventStatus = (typeof EVENT_STATUS)[keyof typeof EVENT_STATUS];

/**
 * The statuses a badge names in the reader's language (the web's `statuses.*` keys): every
 * status of the groups above and of the event, server and site lifecycles. Any other status is
 * shown as it is, upper-cased.
 */
export const STATUS_LABEL_IDS = {
  PENDING: 'pending',
  'NOT INSTALLED': 'notInstalled',
  RUNNING: 'running',
  INSTALLING: 'installing',
  ERROR: 'error',
  FINISHED: 'finished',
  INSTALLED: 'installed',
  STOPPED: 'stopped',
  ACTIVE: 'active',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  CANCELLED: 'cancelled',
} as const satisfies Record<string, string>;
export type StatusLabelId = (typeof STATUS_LABEL_IDS)[keyof typeof STATUS_LABEL_IDS];

/** The label id of a status, or null when it has none (shown as it is). */
export function statusLabelId(status: string | null | undefined): StatusLabelId | null {
  const normalized = normalizeStatus(status);
  return Object.hasOwn(STATUS_LABEL_IDS, normalized)
    ? STATUS_LABEL_IDS[normalized as keyof typeof STATUS_LABEL_IDS]
    : null;
}
