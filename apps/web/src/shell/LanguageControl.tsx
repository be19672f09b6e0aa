import { Suspense } from 'react';
import { LOCALES, type Locale } from '@hostdeck/contracts';
import { useAppInfo } from '../api/use-app-info';
import { lazyPage } from '../app/lazy-page';
import { LanguageSwitch } from './LanguageSwitch';

// Two locales today: the menu's code loads only if a third one is configured.
const LanguageMenu = lazyPage(() => import('./LanguageMenu').then((module) => module.LanguageMenu));

/** spec/000 §9: a two-way switch for two locales, a menu for more (one: nothing to choose). */
export function LanguageControl() {
  const locales: readonly Locale[] = useAppInfo().data?.locales ?? LOCALES;
  const [first, second] = locales;
  if (first === undefined || second === undefined) return null;
  if (locales.length === 2) return <LanguageSwitch locales={[first, second]} />;
  return (
    <Suspense fallback={null}>
      <LanguageMenu locales={locales} />
    </Suspense>
  );
}
