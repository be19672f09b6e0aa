import { ComingSoonPage } from '../../pages/ComingSoonPage';

/** Placeholder until this page is built (issue 7). */
export function SiteCreatePage() {
  return <ComingSoonPage titleKey="pageTitles.siteCreate" />;
}
