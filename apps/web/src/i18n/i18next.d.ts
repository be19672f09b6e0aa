import 'i18next';
import type { en } from './locales';

// Typed keys: `t('home.titel')` is a compile error. English is the reference catalogue; the
// catalogue check keeps Vietnamese in step with it.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
