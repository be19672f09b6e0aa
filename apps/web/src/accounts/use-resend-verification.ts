import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../feedback/snackbar-store';
import { callAccountRoute } from './account-api';
import { useAccountMutation } from './use-account-mutation';

/**
 * Sends the verification email again (POST api/email/verification-notification). The panel
 * rate-limits it; a 429 comes back as the error with its retry time.
 */
export function useResendVerification() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resend = useAccountMutation({
    mutationFn: () => callAccountRoute('resendVerification'),
    onMutate: () => setError(null),
    onSuccess: () => {
      setSent(true);
      showSnackbar(t('auth.verify.sent'));
    },
    onFailure: setError,
  });

  return {
    resend: () => {
      if (!resend.isPending) resend.mutate();
    },
    sending: resend.isPending,
    sent,
    error,
  };
}
