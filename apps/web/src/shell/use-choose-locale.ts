import { useCallback } from 'react';
import type { Locale } from '@hostdeck/contracts';
import { chooseLocale } from '../i18n/i18n';
import { usePersistPreferences } from './user-preferences';

/** The user picks a language: apply and remember it, and save it on the panel when signed in. */
export function useChooseLocale(): (locale: Locale) => void {
  const persist = usePersistPreferences();
  return useCallback(
    (locale) => {
      void chooseLocale(locale);
      persist({ locale });
    },
    [persist],
  );
}
