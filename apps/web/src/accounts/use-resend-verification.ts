import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../feedback/snackbar-store';
import { callAccountRoute } from './account-api';
import { describeActionFailure } from './form-errors';
import { useFailureTexts } from './use-failure-texts';
import { useSessionHandOff } from './use-session-hand-off';

/**
 * Sends the verification email again (POST api/email/verification-notification). The panel
 * rate-limits it; a 429 comes back as the error with its retry time.
 */
export function useResendVerification() {
  const { t } = useTranslation();
  const failureTexts = useFailureTexts();
  const handOff = useSessionHandOff();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function resend() {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      await callAccountRoute('resendVerification');
      setSent(true);
      showSnackbar(t('auth.verify.sent'));
    } catch (failure) {
      if (!handOff(failure)) setError(describeActionFailure(failure, failureTexts));
    } finally {
      setSending(false);
    }
  }

  return { resend: () => void resend(), sending, sent, error };
}
