import { MutationCache, QueryCache, QueryClient, type QueryMeta } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { handleApiError } from '../api/error-handling';

const MAX_RETRIES = 2;

/** Whether the global handling reports this failure, or the caller shows it. */
export function reportsFailure(error: unknown, meta: QueryMeta | undefined): boolean {
  if (meta?.handleErrors === false) return false;
  return !(meta?.notFoundView && isApiError(error) && error.status === 404);
}

/**
 * Every failed query and mutation goes through handleApiError (spec/000 §8) once its retries are
 * spent, unless its meta says the page shows the failure itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (reportsFailure(error, query.meta)) handleApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (reportsFailure(error, mutation.meta)) handleApiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        // A 4xx will answer the same again; network failures and 5xx may not.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES && !(isApiError(error) && error.status < 500),
      },
    },
  });
}
