import { ComingSoonPage } from '../../pages/ComingSoonPage';

/** Placeholder until this page is built (issue 7). */
export function SiteDomainPage() {
  return <ComingSoonPage titleKey="pageTitles.siteDomain" />;
}
