import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../components/LoadFailure';
import type { FolderFailure } from './folder-failure';

/**
 * The file list's place when the folder could not be listed: the agent (or the server) cannot be
 * reached, or it refused, with its message; 'Try again' lists it again.
 */
export function FolderLoadFailure({
  failure,
  retrying,
  onRetry,
}: {
  failure: FolderFailure;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <LoadFailure
      testId="file-load-failure"
      title={
        failure.kind === 'unreachable' ? t('files.failure.unreachableTitle') : t('files.failure.failedTitle')
      }
      message={failure.kind === 'unreachable' ? t('files.failure.unreachable') : failure.message}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
