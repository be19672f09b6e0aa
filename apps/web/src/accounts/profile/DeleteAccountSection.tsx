import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { APP_INFO_QUERY_KEY } from '../../api/use-app-info';
import type { AppInfo } from '@hostdeck/contracts';
import { showSnackbar } from '../../feedback/snackbar-store';
import { callAccountRoute } from '../account-api';
import { PasswordConfirmDialog } from '../components/PasswordConfirmDialog';
import { forgetSignedInUser } from '../use-sign-out';
import { SectionCard } from './SectionCard';

/** Deletes the account for good, after the password; then the browser is signed out. */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  async function deleteAccount(password: string) {
    await callAccountRoute('deleteAccount', { password });
    await forgetSignedInUser(queryClient);
    // The panel ends the session with the account; should this one survive, end it explicitly.
    if (queryClient.getQueryData<AppInfo>(APP_INFO_QUERY_KEY)?.user) {
      await callAccountRoute('logout').catch(() => undefined);
      await forgetSignedInUser(queryClient);
    }
    showSnackbar(t('profile.delete.done'));
    void navigate('/login', { replace: true });
  }

  return (
    <SectionCard id="delete" title={t('profile.delete.title')} description={t('profile.delete.description')}>
      <Stack direction="row">
        <Button
          color="error"
          variant="contained"
          onClick={() => setConfirming(true)}
          data-testid="delete-account"
        >
          {t('profile.delete.submit')}
        </Button>
      </Stack>
      <PasswordConfirmDialog
        open={confirming}
        title={t('profile.delete.title')}
        description={t('profile.delete.confirmDescription')}
        confirmLabel={t('profile.delete.submit')}
        destructive
        inputTestId="delete-account-password"
        submitTestId="delete-account-submit"
        onClose={() => setConfirming(false)}
        onConfirm={deleteAccount}
      />
    </SectionCard>
  );
}
