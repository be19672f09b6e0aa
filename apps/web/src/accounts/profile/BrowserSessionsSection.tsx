import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../api/client';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { showSnackbar } from '../../feedback/snackbar-store';
import { callAccountRoute } from '../account-api';
import { PasswordConfirmDialog } from '../components/PasswordConfirmDialog';
import { SectionCard } from './SectionCard';
import { SessionRow } from './SessionRow';

const USER_SESSIONS_QUERY_KEY = ['user', 'sessions'] as const;

/** Where the account is signed in, and a way to end every other session (SECURITY.md). */
export function BrowserSessionsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Failures are reported by the shell (a snackbar, or sign-in again after a 401); here a retry.
  const sessions = useQuery({ queryKey: USER_SESSIONS_QUERY_KEY, queryFn: () => apiGet('userSessions') });

  async function logoutOthers(password: string) {
    await callAccountRoute('logoutOtherSessions', { password });
    await queryClient.invalidateQueries({ queryKey: USER_SESSIONS_QUERY_KEY });
    showSnackbar(t('sessions.loggedOut'));
  }

  return (
    <SectionCard id="sessions" title={t('sessions.title')} description={t('sessions.description')}>
      <Stack spacing={2}>
        {sessions.isPending ? <LoadingIndicator /> : null}
        {sessions.isError ? (
          <LoadFailure
            testId="sessions-load-failure"
            title={t('sessions.loadFailed')}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        ) : null}
        {sessions.data ? (
          <List disablePadding data-testid="sessions-list">
            {sessions.data.data.map((session) => (
              <SessionRow key={session.id} session={session} now={sessions.dataUpdatedAt} />
            ))}
          </List>
        ) : null}
        <Stack direction="row">
          <Button variant="outlined" onClick={() => setConfirming(true)} data-testid="sessions-logout-others">
            {t('sessions.logoutOthers')}
          </Button>
        </Stack>
      </Stack>
      <PasswordConfirmDialog
        open={confirming}
        title={t('sessions.logoutOthers')}
        description={t('sessions.confirmDescription')}
        confirmLabel={t('sessions.logoutOthers')}
        inputTestId="sessions-password"
        submitTestId="sessions-password-submit"
        onClose={() => setConfirming(false)}
        onConfirm={logoutOthers}
      />
    </SectionCard>
  );
}
