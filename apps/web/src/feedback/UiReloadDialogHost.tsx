import { Suspense } from 'react';
import { useUiReloadDialogOpen } from './ui-reload-store';
import { lazyPage } from '../app/lazy-page';

const UiReloadDialog = lazyPage(() => import('./UiReloadDialog').then((module) => module.UiReloadDialog));

/** The UI-reload prompt is rare (a deploy of the panel): its code loads when it is needed. */
export function UiReloadDialogHost() {
  if (!useUiReloadDialogOpen()) return null;
  return (
    <Suspense fallback={null}>
      <UiReloadDialog />
    </Suspense>
  );
}
