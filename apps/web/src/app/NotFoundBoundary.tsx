import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../api/api-error';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RouteErrorPage } from '../shell/RouteErrorPage';

/**
 * The error element of the routed pages: a 404 (unknown server, malformed id, a web server other
 * than nginx or apache2) shows the not-found view of spec/000 §2; anything else the error page.
 */
export function NotFoundBoundary() {
  const error = useRouteError();
  const notFound =
    (isRouteErrorResponse(error) && error.status === 404) || (isApiError(error) && error.status === 404);
  return notFound ? <NotFoundPage /> : <RouteErrorPage inPage />;
}
