import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLocale } from '../i18n/i18n';
import { isLocale } from '../i18n/locale-storage';
import { useCurrentUser } from '../session/use-current-user';
import { useThemeMode } from '../theme/use-theme-mode';
import { setDrawerState, useDrawerState } from './drawer-state';
import { preferencesToApply } from './sign-in-preferences';

/**
 * Once per sign-in (and on a page load with a session), applies the preferences saved on the
 * panel: theme, locale and drawer states (spec/000 §3). Later changes flow the other way.
 */
export function useSignInPreferences(): void {
  const user = useCurrentUser();
  const { mode, setMode } = useThemeMode();
  const { i18n } = useTranslation();
  const drawers = useDrawerState();
  const appliedFor = useRef<number | null>(null);

  useEffect(() => {
    if (!user) {
      appliedFor.current = null;
      return;
    }
    if (appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    const locale = isLocale(i18n.language) ? i18n.language : user.preferences.locale;
    const changes = preferencesToApply(user.preferences, { theme: mode, locale, drawers });
    if (changes.theme) setMode(changes.theme);
    if (changes.locale) void chooseLocale(changes.locale);
    if (changes.drawers) setDrawerState(changes.drawers);
  }, [user, mode, setMode, i18n.language, drawers]);
}
