import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { routePath } from '../app/route-names';
import { createExternalStore, useExternalStore } from '../components/external-store';
import type { SiteCreated } from './create/SiteCreateForm';

/**
 * The database password of a site just created: POST api/sites answers it once and the panel
 * never shows it again, so it is kept in memory only until the site page has shown it.
 */
const justCreated = createExternalStore<{ siteId: number; databasePassword: string } | null>(null);

export function useCreatedDatabasePassword(siteId: number): { password: string | null; forget: () => void } {
  const created = useExternalStore(justCreated);
  const forget = useCallback(() => justCreated.set(null), []);
  return { password: created?.siteId === siteId ? created.databasePassword : null, forget };
}

/** After a site is created: remember its database password for its page, and open that page. */
export function useOpenCreatedSite() {
  const navigate = useNavigate();
  return useCallback(
    (site: SiteCreated) => {
      justCreated.set(
        site.databasePassword ? { siteId: site.id, databasePassword: site.databasePassword } : null,
      );
      void navigate(routePath('sites.show', { site: site.id }));
    },
    [navigate],
  );
}
