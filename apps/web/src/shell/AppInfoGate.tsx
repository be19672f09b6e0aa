import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { useAppInfo } from '../api/use-app-info';
import { LoadFailure } from '../components/LoadFailure';
import { LoadingIndicator } from '../components/LoadingIndicator';

/** spec/000 §2: every page needs app info first, so pages render only once it has loaded. */
export function AppInfoGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isPending, isError, error, refetch, isFetching } = useAppInfo();

  if (isPending) return <LoadingIndicator />;
  if (isError) {
    // An ApiError carries the panel's own message, already in the request's language.
    const message = isApiError(error)
      ? error.message
      : error instanceof TypeError
        ? t('appInfo.unreachable')
        : t('errors.somethingWentWrong');
    return (
      <LoadFailure
        title={t('appInfo.loadFailed')}
        message={message}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  return children;
}
