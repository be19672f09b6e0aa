import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will answer the same again; network failures and 5xx may not.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES && !(isApiError(error) && error.status < 500),
      },
    },
  });
}
