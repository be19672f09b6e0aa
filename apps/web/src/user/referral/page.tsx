import type en from './locales/en.json';

/** Invite to Earn (`/user/referral`), routed in app/router.tsx. */
export { ReferralPage as default } from './ReferralPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    referral: typeof en;
  }
}
