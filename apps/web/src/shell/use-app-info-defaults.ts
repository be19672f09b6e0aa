import { useEffect } from 'react';
import { useAppInfo } from '../api/use-app-info';
import { applyDefaultLocale } from '../i18n/i18n';
import { TITLE_SEPARATOR } from '../pages/document-title';

/** Applies what app info decides for the whole page: the default locale and the brand as title. */
export function useAppInfoDefaults(): void {
  const { data } = useAppInfo();
  const locale = data?.locale;
  const brand = data?.brand;

  useEffect(() => {
    if (locale) applyDefaultLocale(locale);
  }, [locale]);

  // A page with a heading names the tab itself (pages/use-document-title.ts), brand included.
  useEffect(() => {
    if (brand && !document.title.includes(TITLE_SEPARATOR)) document.title = brand;
  }, [brand]);
}
