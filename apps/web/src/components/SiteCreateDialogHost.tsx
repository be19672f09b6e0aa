import { Suspense } from 'react';
import { useSiteCreateDialog } from './site-create-dialog-store';
import { lazyPage } from '../app/lazy-page';

const SiteCreateDialog = lazyPage(() =>
  import('./SiteCreateDialog').then((module) => module.SiteCreateDialog),
);

/** Renders the site-create dialog while it is open; its code loads on first use. */
export function SiteCreateDialogHost() {
  const state = useSiteCreateDialog();
  if (!state.open) return null;
  return (
    <Suspense fallback={null}>
      <SiteCreateDialog serverId={state.serverId} />
    </Suspense>
  );
}
