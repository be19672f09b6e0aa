import { createExternalStore, useExternalStore } from './external-store';

/** The site-create dialog of spec/000 §2: closed, or open with the server to create the site on. */
export type SiteCreateDialogState = { open: false } | { open: true; serverId: number | null };

const state = createExternalStore<SiteCreateDialogState>({ open: false });

/** Opens the dialog from anywhere (server page, sites list, global search); serverId preselects. */
export function openSiteCreateDialog(serverId?: number): void {
  state.set({ open: true, serverId: serverId ?? null });
}

export function closeSiteCreateDialog(): void {
  state.set({ open: false });
}

export function useSiteCreateDialog(): SiteCreateDialogState {
  return useExternalStore(state);
}
