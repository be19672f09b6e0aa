import { Suspense } from 'react';
import { lazyPage } from '../app/lazy-page';
import { useSnackbarQueue } from './snackbar-store';

const SnackbarView = lazyPage(() => import('./SnackbarView').then((module) => module.SnackbarView));

/**
 * The snackbar queue of spec/000 §2/§4: the first snackbar in line shows, the others wait. The
 * snackbar's own code loads with the first message, keeping it out of the first download.
 */
export function SnackbarQueue() {
  const queue = useSnackbarQueue();
  const current = queue[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarView current={current} waiting={queue.length - 1} />
    </Suspense>
  );
}
