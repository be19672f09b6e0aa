import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlinedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { refreshCurrentUser, useCurrentUser } from '../../session/use-current-user';
import { callAccountRoute } from '../account-api';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { readVerificationToken } from '../hash-params';
import { SIGNED_IN_HOME } from '../signed-in-destination';
import { useAccountMutation } from '../use-account-mutation';
import { useResendVerification } from '../use-resend-verification';

type VerificationState = 'pending' | 'success' | 'failure';

/**
 * `/email/verify/confirm#token=…`, the link of the verification email. Posts the token as soon
 * as the page opens; a bad or expired link reads 'Verification Fail' (spec/000 §8).
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [token] = useState(() => readVerificationToken(location.hash));
  const [state, setState] = useState<VerificationState>(token === null ? 'failure' : 'pending');
  const [detail, setDetail] = useState<string | null>(null);
  // Development runs effects twice; the link must be posted once.
  const posted = useRef(false);

  const verify = useAccountMutation({
    mutationFn: async (sent: string) => {
      await callAccountRoute('verifyEmail', { token: sent });
      await refreshCurrentUser(queryClient);
    },
    onSuccess: () => setState('success'),
    onFailure: (message) => {
      setDetail(message === t('auth.confirm.failed') ? null : message);
      setState('failure');
    },
  });
  const { mutate } = verify;

  useEffect(() => {
    if (token === null || posted.current) return;
    posted.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <AuthCard title={t('auth.confirm.title')}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <StateIcon state={state} />
        <Typography
          variant="h6"
          component="p"
          role="status"
          data-testid="confirm-email-status"
          data-state={state}
        >
          {state === 'pending'
            ? t('auth.confirm.pending')
            : state === 'success'
              ? t('auth.confirm.success')
              : t('auth.confirm.failed')}
        </Typography>
        {state === 'failure' ? <FailureHelp detail={detail} /> : null}
        {state === 'success' ? (
          <Button
            component={RouterLink}
            to={SIGNED_IN_HOME}
            variant="contained"
            data-testid="confirm-email-continue"
          >
            {t('auth.confirm.continue')}
          </Button>
        ) : null}
      </Stack>
    </AuthCard>
  );
}

function StateIcon({ state }: { state: VerificationState }) {
  if (state === 'pending') return <CircularProgress aria-hidden />;
  if (state === 'success')
    return <CheckCircleOutlinedIcon color="success" sx={{ fontSize: 56 }} aria-hidden />;
  return <ErrorOutlineOutlinedIcon color="error" sx={{ fontSize: 56 }} aria-hidden />;
}

/** After a failed link: a signed-in, still unverified user can have a new one sent. */
function FailureHelp({ detail }: { detail: string | null }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { resend, sending, sent, error } = useResendVerification();
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      {detail !== null ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      ) : null}
      <FormAlert message={error} />
      {user === null ? (
        <Button component={RouterLink} to="/login" variant="contained">
          {t('auth.confirm.signInToResend')}
        </Button>
      ) : user.email_verified ? (
        <Button component={RouterLink} to={SIGNED_IN_HOME} variant="contained">
          {t('auth.confirm.continue')}
        </Button>
      ) : (
        <Button
          variant="contained"
          onClick={resend}
          loading={sending}
          disabled={sent}
          data-testid="verify-resend"
        >
          {sent ? t('auth.verify.sent') : t('auth.verify.resend')}
        </Button>
      )}
    </Stack>
  );
}
