import { createExternalStore, useExternalStore } from '../components/external-store';

/**
 * Whether the left drawer is expanded and the sub-drawer open (spec/000 §3 preferences
 * drawer_open, sub_drawer_open). Kept in localStorage so the choice lasts without an account;
 * a signed-in user's saved preferences replace it at sign-in (use-sign-in-preferences.ts).
 */
export interface DrawerState {
  drawerOpen: boolean;
  subDrawerOpen: boolean;
}

const STORAGE_KEY = 'drawers';
const DEFAULT_STATE: DrawerState = { drawerOpen: true, subDrawerOpen: true };

function readStored(): DrawerState {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return DEFAULT_STATE;
    const { drawerOpen, subDrawerOpen } = stored as Partial<Record<keyof DrawerState, unknown>>;
    return {
      drawerOpen: typeof drawerOpen === 'boolean' ? drawerOpen : DEFAULT_STATE.drawerOpen,
      subDrawerOpen: typeof subDrawerOpen === 'boolean' ? subDrawerOpen : DEFAULT_STATE.subDrawerOpen,
    };
  } catch {
    // Storage disabled or unreadable: the defaults, and choices last for the page only.
    return DEFAULT_STATE;
  }
}

const drawers = createExternalStore<DrawerState>(readStored());

export function setDrawerState(change: Partial<DrawerState>): void {
  drawers.set((current) => {
    const next = { ...current, ...change };
    return next.drawerOpen === current.drawerOpen && next.subDrawerOpen === current.subDrawerOpen
      ? current
      : next;
  });
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(drawers.get()));
  } catch {
    // See readStored.
  }
}

export function useDrawerState(): DrawerState {
  return useExternalStore(drawers);
}

/**
 * On small screens the sub-drawer slides over the page, so it opens only on request and only for
 * the page it was opened on (it closes when the path changes); this is not a saved preference.
 */
const mobileSubDrawerPath = createExternalStore<string | null>(null);

export function setMobileSubDrawerPath(pathname: string | null): void {
  mobileSubDrawerPath.set(pathname);
}

export function useMobileSubDrawerPath(): string | null {
  return useExternalStore(mobileSubDrawerPath);
}
