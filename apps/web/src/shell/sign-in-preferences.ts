import type { Locale, Preferences } from '@hostdeck/contracts';
import type { ThemeMode } from '../theme/theme-mode-storage';
import type { DrawerState } from './drawer-state';

export interface LocalPreferences {
  theme: ThemeMode;
  locale: Locale;
  drawers: DrawerState;
}

export interface PreferenceChanges {
  theme?: ThemeMode;
  locale?: Locale;
  drawers?: DrawerState;
}

/**
 * What to change in the browser when someone signs in: the preferences saved on the panel win
 * over local ones (a theme of null means they never chose, so the local theme stays). Changes made
 * later while signed in are pushed to the panel as they happen.
 */
export function preferencesToApply(saved: Preferences, local: LocalPreferences): PreferenceChanges {
  const changes: PreferenceChanges = {};
  if (saved.theme !== null && saved.theme !== local.theme) changes.theme = saved.theme;
  if (saved.locale !== local.locale) changes.locale = saved.locale;
  if (
    saved.drawer_open !== local.drawers.drawerOpen ||
    saved.sub_drawer_open !== local.drawers.subDrawerOpen
  ) {
    changes.drawers = { drawerOpen: saved.drawer_open, subDrawerOpen: saved.sub_drawer_open };
  }
  return changes;
}
