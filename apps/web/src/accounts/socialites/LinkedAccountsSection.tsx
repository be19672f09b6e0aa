import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from '@hostdeck/contracts/socialites';
import { useAppInfo } from '../../api/use-app-info';
import { SectionCard } from '../profile/SectionCard';
import { goToProvider, socialitesKey, unlinkSocialite, useSocialites } from './socialites-api';

/** The profile's linked GitHub and Google accounts: link one (signed in), unlink one. */
export function LinkedAccountsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const enabled = useAppInfo().data?.social_providers ?? [];
  const linked = useSocialites();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const links = linked.data ?? [];
  const shown = [...new Set<SocialProvider>([...enabled, ...links.map((link) => link.provider)])];
  if (shown.length === 0) return null;

  const act = (provider: SocialProvider, work: () => Promise<void>) => {
    setBusy(provider);
    setError(null);
    work()
      .then(() => queryClient.invalidateQueries({ queryKey: socialitesKey }))
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure.message : t('socialites.failed')),
      )
      .finally(() => setBusy(null));
  };

  return (
    <SectionCard id="socialites" title={t('socialites.title')} description={t('socialites.description')}>
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" data-testid="socialites-error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {shown.map((provider) => {
          const link = links.find((entry) => entry.provider === provider);
          const name = SOCIAL_PROVIDER_NAMES[provider];
          return (
            <Stack
              key={provider}
              direction="row"
              spacing={2}
              sx={{ alignItems: 'center', justifyContent: 'space-between' }}
              data-testid={`socialite-${provider}`}
            >
              <div>
                <Typography variant="subtitle1">{name}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {link
                    ? t('socialites.linkedAs', { account: link.email ?? link.account_name ?? name })
                    : t('socialites.notLinked')}
                </Typography>
              </div>
              {link ? (
                <Button
                  variant="outlined"
                  color="error"
                  loading={busy === provider}
                  onClick={() => act(provider, () => unlinkSocialite(provider))}
                  data-testid={`socialite-unlink-${provider}`}
                >
                  {t('socialites.unlink')}
                </Button>
              ) : (
                <Button
                  variant="contained"
                  loading={busy === provider}
                  disabled={!enabled.includes(provider)}
                  onClick={() => act(provider, () => goToProvider(provider, true))}
                  data-testid={`socialite-link-${provider}`}
                >
                  {t('socialites.link')}
                </Button>
              )}
            </Stack>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
