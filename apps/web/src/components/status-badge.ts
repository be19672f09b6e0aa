import type { TFunction } from 'i18next';
import { isFailedStatus, normalizeStatus, statusGroup, statusLabelId } from '@hostdeck/contracts';

/** How the status badge of spec/000 §2 draws one status. */
export type StatusAppearance =
  | { kind: 'pending'; label: string }
  | { kind: 'success'; label: string }
  | { kind: 'error'; label: string }
  | { kind: 'running'; label: string };

/**
 * `label` is the status as the panel names it (upper-cased); with `t`, the known statuses are in
 * the reader's language (issue 26), the others shown as they are.
 */
export function statusAppearance(status: string | null | undefined, t?: TFunction): StatusAppearance {
  const id = statusLabelId(status);
  const label = t && id ? t(`statuses.${id}`) : normalizeStatus(status);
  switch (statusGroup(status)) {
    case 'pending':
      return { kind: 'pending', label };
    case 'finished':
      return { kind: isFailedStatus(status) ? 'error' : 'success', label };
    default:
      return { kind: 'running', label };
  }
}

/** Output longer than this shows only its end in the tooltip: the end says how a run finished. */
export const STATUS_TOOLTIP_MAX_CHARS = 600;

/** The hover text (§2: "Hover shows the output or the status"). */
export function statusTooltip(label: string, output: string | null | undefined): string {
  const text = (output ?? '').trim();
  if (text === '') return label;
  return text.length > STATUS_TOOLTIP_MAX_CHARS ? `…${text.slice(-STATUS_TOOLTIP_MAX_CHARS)}` : text;
}
