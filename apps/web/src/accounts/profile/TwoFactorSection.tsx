import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup as Setup, User } from '@hostdeck/contracts';
import { showSnackbar } from '../../feedback/snackbar-store';
import { refreshCurrentUser } from '../../session/use-current-user';
import { callAccountRoute } from '../account-api';
import { PasswordConfirmDialog } from '../components/PasswordConfirmDialog';
import { RecoveryCodes } from './RecoveryCodes';
import { SectionCard } from './SectionCard';
import { TwoFactorSetup } from './TwoFactorSetup';

type PasswordAction = 'enable' | 'disable' | 'regenerate';

/**
 * Two-factor sign-in with an authenticator app (TOTP) and recovery codes (SECURITY.md). Each
 * change asks for the password again.
 */
export function TwoFactorSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<PasswordAction | null>(null);
  const enabled = user.two_factor_enabled;

  async function confirmWithPassword(password: string) {
    if (action === 'enable') {
      const answer = await callAccountRoute('enableTwoFactor', { password });
      setCodes(null);
      setSetup(answer);
    } else if (action === 'regenerate') {
      const answer = await callAccountRoute('regenerateRecoveryCodes', { password });
      setCodes(answer.codes);
      showSnackbar(t('twoFactor.recovery.regenerated'));
    } else if (action === 'disable') {
      await callAccountRoute('disableTwoFactor', { password });
      setCodes(null);
      setSetup(null);
      await refreshCurrentUser(queryClient);
      showSnackbar(t('twoFactor.disabled'));
    }
  }

  async function confirmed(newCodes: string[]) {
    setSetup(null);
    setCodes(newCodes);
    await refreshCurrentUser(queryClient);
    showSnackbar(t('twoFactor.enabled'));
  }

  const status = enabled
    ? t('twoFactor.statusOn')
    : setup
      ? t('twoFactor.statusFinishing')
      : t('twoFactor.statusOff');

  return (
    <SectionCard id="two-factor" title={t('twoFactor.title')} description={t('twoFactor.description')}>
      <Stack spacing={2}>
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ fontWeight: 600 }}
          data-testid="two-factor-status"
        >
          {status}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('twoFactor.explanation')}
        </Typography>
        {setup ? (
          <TwoFactorSetup setup={setup} onConfirmed={confirmed} onCancel={() => setSetup(null)} />
        ) : null}
        {codes ? <RecoveryCodes codes={codes} /> : null}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {!enabled && !setup ? (
            <Button variant="contained" onClick={() => setAction('enable')} data-testid="two-factor-enable">
              {t('twoFactor.enable')}
            </Button>
          ) : null}
          {enabled ? (
            <>
              <Button
                variant="outlined"
                onClick={() => setAction('regenerate')}
                data-testid="two-factor-regenerate"
              >
                {t('twoFactor.recovery.regenerate')}
              </Button>
              <Button
                color="error"
                variant="outlined"
                onClick={() => setAction('disable')}
                data-testid="two-factor-disable"
              >
                {t('twoFactor.disable')}
              </Button>
            </>
          ) : null}
        </Stack>
      </Stack>
      <PasswordConfirmDialog
        open={action !== null}
        title={t('twoFactor.confirmPassword.title')}
        description={t('twoFactor.confirmPassword.description')}
        confirmLabel={t('twoFactor.confirmPassword.submit')}
        destructive={action === 'disable'}
        inputTestId="two-factor-confirm-password"
        submitTestId="two-factor-password-submit"
        onClose={() => setAction(null)}
        onConfirm={confirmWithPassword}
      />
    </SectionCard>
  );
}
