import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@hostdeck/contracts/socialites';
import { takeIntendedPath } from '../../session/intended-path';
import { refreshCurrentUser, useCurrentUser } from '../../session/use-current-user';
import { AuthCard } from '../components/AuthCard';
import { finishSocialSignIn, socialitesKey } from './socialites-api';

/** States already posted: a state is single use, and React may run an effect twice. */
const posted = new Set<string>();

/**
 * `/auth/{provider}/callback`: where GitHub and Google send the browser back. It posts what they
 * sent to the panel, which signs in, signs up, links, or says why not.
 */
export function SocialCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const { provider } = useParams();
  const [search] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const state = search.get('state');
  const malformed = !SOCIAL_PROVIDERS.includes(provider as SocialProvider) || !state;
  const error = malformed ? t('socialites.failed') : failure;

  useEffect(() => {
    if (malformed || posted.has(state)) return;
    posted.add(state);
    const body: { code?: string; state: string; error?: string; iss?: string } = { state };
    for (const name of ['code', 'error', 'iss'] as const) {
      const value = search.get(name);
      if (value) body[name] = value;
    }
    finishSocialSignIn(provider as SocialProvider, body).then(
      async ({ result }) => {
        if (result === 'two-factor') return navigate('/two-factor-challenge', { replace: true });
        if (result === 'linked') {
          await queryClient.invalidateQueries({ queryKey: socialitesKey });
          return navigate(`/user/profile?linked=${provider}`, { replace: true });
        }
        await refreshCurrentUser(queryClient);
        return navigate(takeIntendedPath(), { replace: true });
      },
      (reason: unknown) => setFailure(reason instanceof Error ? reason.message : t('socialites.failed')),
    );
  }, [malformed, navigate, provider, queryClient, search, state, t]);

  return (
    <AuthCard title={t('socialites.callbackTitle')}>
      {error ? (
        <Stack spacing={2}>
          <Alert severity="error" data-testid="social-callback-error">
            {error}
          </Alert>
          <Button component={RouterLink} to={user ? '/user/profile' : '/login'} variant="contained">
            {user ? t('socialites.backToProfile') : t('socialites.backToSignIn')}
          </Button>
        </Stack>
      ) : (
        <Stack sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress aria-label={t('socialites.signingIn')} />
        </Stack>
      )}
    </AuthCard>
  );
}
