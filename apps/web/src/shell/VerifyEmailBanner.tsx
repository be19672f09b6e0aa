import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { accountRoutes } from '@hostdeck/contracts';
import { apiRequest } from '../api/client';
import { notifySuccess } from '../api/error-handling';
import { PROFILE_PATH } from './shell-routes';

/**
 * spec/000 §2: an unverified user sees 'Your account has not been email verified', a way to get
 * a new link (POST email/verification-notification, rate-limited by the panel) and the profile.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  // A failure (the panel's rate limit, say) is reported by the query client's mutation cache.
  const resend = useMutation({
    mutationFn: () =>
      apiRequest(accountRoutes.resendVerification.method, accountRoutes.resendVerification.path),
    onSuccess: () => notifySuccess(t('emailBanner.sent')),
  });

  return (
    <Alert
      severity="warning"
      square
      data-testid="verify-email-banner"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
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
