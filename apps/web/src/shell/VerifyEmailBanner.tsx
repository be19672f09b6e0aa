import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { accountRoutes } from '@hostdeck/contracts';
import { apiRequest } from '../api/client';
import { handleApiError, notifySuccess } from '../api/error-handling';
import { PROFILE_PATH } from './shell-routes';

/**
 * spec/000 §2: an unverified user sees 'Your account has not been email verified', a way to get
 * a new link (POST email/verification-notification, rate-limited by the panel) and the profile.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);

  const resend = () => {
    setSending(true);
    const route = accountRoutes.resendVerification;
    apiRequest(route.method, route.path)
      .then(() => notifySuccess(t('emailBanner.sent')))
      .catch(handleApiError)
      .finally(() => setSending(false));
  };

  return (
    <Alert
      severity="warning"
      square
      data-testid="verify-email-banner"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={resend}
          disabled={sending}
          data-testid="verify-email-resend"
        >
          {t('emailBanner.resend')}
        </Button>
      }
    >
      {t('emailBanner.notVerified')}{' '}
      <Link component={RouterLink} to={PROFILE_PATH} color="inherit" data-testid="verify-email-profile">
        {t('emailBanner.profile')}
      </Link>
    </Alert>
  );
}
