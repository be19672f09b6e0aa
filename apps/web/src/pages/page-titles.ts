import type { ParseKeys } from 'i18next';

/** A page title of the `pageTitles` catalogue group (locales `pages.json`). */
export type PageTitleKey = Extract<ParseKeys, `pageTitles.${string}`>;
