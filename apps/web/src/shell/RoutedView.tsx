import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useNotFound } from './not-found-store';

/**
 * The routed page (spec/000 §2): re-created when the path changes (keyed on it), so a page never
 * shows the previous server's state; replaced by the not-found view when a page flags a 404.
 */
export function RoutedView() {
  const { pathname } = useLocation();
  const { notFound } = useNotFound();
  return (
    <Box key={pathname}>
      <Suspense fallback={<LoadingIndicator />}>{notFound ? <NotFoundPage /> : <Outlet />}</Suspense>
    </Box>
  );
}
