import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from '@hostdeck/contracts/socialites';
import { useAppInfo } from '../../api/use-app-info';
import { FormAlert } from '../components/FormAlert';
import { goToProvider } from './socialites-api';

/** "Continue with GitHub / Google" on the sign-in and sign-up pages, for the providers that are on. */
export function SocialSignInButtons() {
  const { t } = useTranslation();
  const providers = useAppInfo().data?.social_providers ?? [];
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (providers.length === 0) return null;
  const start = (provider: SocialProvider) => {
    setBusy(provider);
    setError(null);
    goToProvider(provider, false).catch((failure: unknown) => {
      setBusy(null);
      setError(failure instanceof Error ? failure.message : t('socialites.failed'));
    });
  };
  return (
    <Stack spacing={1.5}>
      <Divider>{t('socialites.or')}</Divider>
      <FormAlert message={error} testId="social-error" />
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="outlined"
          size="large"
          loading={busy === provider}
          onClick={() => start(provider)}
          data-testid={`social-sign-in-${provider}`}
        >
          {t('socialites.continueWith', { provider: SOCIAL_PROVIDER_NAMES[provider] })}
        </Button>
      ))}
    </Stack>
  );
}
