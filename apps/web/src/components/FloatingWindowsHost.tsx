import { Suspense } from 'react';
import { useFloatingWindows } from './floating-window-store';
import { lazyPage } from '../app/lazy-page';

const FloatingWindows = lazyPage(() => import('./FloatingWindows').then((module) => module.FloatingWindows));

/** Keeps the window code out of the first download until something opens a window. */
export function FloatingWindowsHost() {
  const open = useFloatingWindows().length > 0;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <FloatingWindows />
    </Suspense>
  );
}
