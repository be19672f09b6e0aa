import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useNotFound } from './not-found-store';
import { PageErrorBoundary } from './PageErrorBoundary';

/**
 * The routed page (spec/000 §2): re-created when the path changes (keyed on it), so a page never
 * shows the previous server's state; replaced by the not-found view when a page flags a 404. The
 * error boundary stays across paths, so an error of the page being left stays in the page area.
 */
export function RoutedView() {
  const { pathname } = useLocation();
  const { notFound } = useNotFound();
  return (
    <PageErrorBoundary pathname={pathname}>
      <Box key={pathname}>
        <Suspense fallback={<LoadingIndicator />}>{notFound ? <NotFoundPage /> : <Outlet />}</Suspense>
      </Box>
    </PageErrorBoundary>
  );
}
