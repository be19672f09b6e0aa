import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../session/use-current-user';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { OutboxHint } from '../components/OutboxHint';
import { SIGNED_IN_HOME } from '../signed-in-destination';
import { useResendVerification } from '../use-resend-verification';
import { useSignOut } from '../use-sign-out';

/**
 * `/email/verify`, where an unverified user is sent (spec/000 §2, §6): check the inbox (the
 * panel's outbox when it has no SMTP), have the link sent again, or correct the address in the
 * profile.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const signOut = useSignOut();
  const { resend, sending, sent, error } = useResendVerification();

  if (user === null) {
    return (
      <AuthCard title={t('auth.verify.title')} subtitle={t('auth.verify.signInFirst')}>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth>
          {t('auth.login.submit')}
        </Button>
      </AuthCard>
    );
  }
  if (user.email_verified) {
    return (
      <AuthCard title={t('auth.verify.title')} subtitle={t('auth.verify.alreadyVerified')}>
        <Button component={RouterLink} to={SIGNED_IN_HOME} variant="contained" fullWidth>
          {t('auth.confirm.continue')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.verify.title')} subtitle={t('auth.verify.intro', { email: user.email })}>
      <Stack spacing={2}>
        <OutboxHint />
        <FormAlert severity="success" message={sent ? t('auth.verify.sent') : null} testId="verify-sent" />
        <FormAlert message={error} testId="verify-error" />
        <Button
          variant="contained"
          size="large"
          onClick={resend}
          loading={sending}
          data-testid="verify-resend"
        >
          {t('auth.verify.resend')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Button component={RouterLink} to="/user/profile" size="small" data-testid="verify-edit-profile">
            {t('auth.verify.editProfile')}
          </Button>
          <Button size="small" onClick={() => void signOut()} data-testid="verify-logout">
            {t('auth.signOut')}
          </Button>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
