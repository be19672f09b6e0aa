import { createBrowserRouter } from 'react-router';
import { AppShell } from '../shell/AppShell';
import { RouteErrorPage } from '../shell/RouteErrorPage';
import { lazyPage } from './lazy-page';

const HomePage = lazyPage(() => import('../pages/HomePage').then((module) => module.HomePage));
const ServersPage = lazyPage(() => import('../pages/ServersPage').then((module) => module.ServersPage));
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage').then((module) => module.NotFoundPage));

/**
 * Routes of spec/000 §2 built so far. Pages load on demand; a page that throws is replaced by the
 * error view inside the shell (the inner pathless route), so the top bar stays usable.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppShell />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'servers', element: <ServersPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
