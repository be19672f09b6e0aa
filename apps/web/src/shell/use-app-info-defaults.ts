import { useEffect } from 'react';
import { useAppInfo } from '../api/use-app-info';
import { applyDefaultLocale } from '../i18n/i18n';

/** Applies what app info decides for the whole page: the default locale and the brand as title. */
export function useAppInfoDefaults(): void {
  const { data } = useAppInfo();
  const locale = data?.locale;
  const brand = data?.brand;

  useEffect(() => {
    if (locale) applyDefaultLocale(locale);
  }, [locale]);

  useEffect(() => {
    if (brand) document.title = brand;
  }, [brand]);
}
