import 'i18next';
import type { en } from './locales';
import type { SectionStrings } from './section-catalogues';

// Typed keys: `t('home.titel')` is a compile error. English is the reference catalogue, with the
// server sections' own (section-catalogues.ts); the catalogue check keeps Vietnamese in step with it.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & SectionStrings };
  }
}
