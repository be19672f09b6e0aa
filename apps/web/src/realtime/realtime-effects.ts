import type { QueryClient } from '@tanstack/react-query';
import { UPDATE_KEYS, type Event, type RealtimeMessage, type UpdateKey } from '@hostdeck/contracts';
import type { SnackbarColor } from '../feedback/snackbar-store';

/** The Update-data key that asks for the UI-reload prompt instead of a data reload (spec/000 §4). */
export const UI_RELOAD_KEY = UPDATE_KEYS.uireload;

/**
 * Query keys to reload for one Update-data message. Each key names the TanStack queries of the
 * same first key (['servers'], ['sites', …]); `user` also reloads app info, which carries the user.
 */
export function queryKeysToReload(keys: readonly UpdateKey[]): string[][] {
  const reload = new Map<string, string[]>();
  for (const key of keys) {
    if (key === UI_RELOAD_KEY || key.trim() === '') continue;
    reload.set(key, [key]);
    if (key === UPDATE_KEYS.user) reload.set('info', ['info']);
  }
  return [...reload.values()];
}

/** Event colours include primary and default, which a snackbar draws as info. */
export function snackbarColorFor(color: Event['color']): SnackbarColor {
  return color === 'success' || color === 'error' || color === 'warning' ? color : 'info';
}

export interface RealtimeEffects {
  queryClient: QueryClient;
  showSnackbar: (message: string, color: SnackbarColor) => void;
  openUiReloadDialog: () => void;
  /** Adds or updates the event in the notifications list. */
  upsertEvent: (event: Event) => void;
  /** The event's description in the reader's language (the message's own text is English). */
  describeEvent?: (event: Event) => string;
}

/** What the shell does with one realtime message (spec/000 §4). */
export function applyRealtimeMessage(message: RealtimeMessage, effects: RealtimeEffects): void {
  if (message.type === 'Event-status') {
    if (message.description.trim() !== '') {
      const text = effects.describeEvent?.(message.event) ?? message.description;
      effects.showSnackbar(text, snackbarColorFor(message.color));
    }
    effects.upsertEvent(message.event);
    return;
  }
  if (message.type === 'Update-data') {
    if (message.keys.includes(UI_RELOAD_KEY)) effects.openUiReloadDialog();
    for (const queryKey of queryKeysToReload(message.keys)) {
      // Active queries refetch with their own key, so a list keeps its page and page size.
      void effects.queryClient.invalidateQueries({ queryKey });
    }
  }
}
