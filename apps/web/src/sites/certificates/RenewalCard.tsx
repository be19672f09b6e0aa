import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { SiteCard } from '../show/SiteCard';
import { copyText } from '../copy-text';
import { regenerateRenewalToken, renewalKey, renewalQuery } from './certificate-api';

/**
 * The public renewal URLs (spec/000 §7 letsencrypt-renew, certificates/renew) and the site's
 * token. The token is a secret: the panel keeps it sealed and shows it only once, right after it
 * is created; a lost token is replaced, which stops the old one.
 */
export function RenewalCard({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const renewal = useQuery(renewalQuery(siteId));
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // A failure is reported by the query client's mutation cache (handleApiError).
  const regenerate = useMutation({
    mutationFn: () => regenerateRenewalToken(siteId),
    onSuccess: (created) => {
      setToken(created.token);
      queryClient.setQueryData(renewalKey(siteId), created);
    },
  });
  const busy = regenerate.isPending;

  const data = renewal.data;
  const example =
    data && data.urls[0] ? `curl -X POST -H '${data.header}: ${token ?? 'TOKEN'}' ${data.urls[0]}` : '';

  return (
    <SiteCard
      title={t('siteCertificates.renewal.title')}
      description={t('siteCertificates.renewal.description')}
      testId="ssl-renewal"
    >
      {renewal.isError && (
        <LoadFailure
          testId="ssl-renewal-failure"
          title={t('siteCertificates.renewal.loadFailed')}
          message={renewal.error.message}
          onRetry={() => void renewal.refetch()}
          retrying={renewal.isFetching}
        />
      )}
      {data && (
        <Stack spacing={1.5}>
          {data.urls.map((url) => (
            <Typography key={url} variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              POST {url}
            </Typography>
          ))}
          <Typography variant="body2">
            {t('siteCertificates.renewal.header')}: <code>{data.header}</code>
          </Typography>
          {token ? (
            <Alert severity="warning" data-testid="ssl-renewal-token">
              <Stack spacing={1}>
                <strong>{t('siteCertificates.renewal.tokenTitle')}</strong>
                <span>{t('siteCertificates.renewal.tokenMessage')}</span>
                <TextField
                  value={token}
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'ssl-renewal-token-value' } }}
                />
                <Box>
                  <Button size="small" onClick={() => void copyText(token)}>
                    {t('siteCertificates.copy')}
                  </Button>
                </Box>
              </Stack>
            </Alert>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {data.has_token
                ? t('siteCertificates.renewal.hasToken')
                : t('siteCertificates.renewal.noToken')}
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('siteCertificates.renewal.example')}
          </Typography>
          <Typography
            variant="body2"
            component="pre"
            sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}
          >
            {example}
          </Typography>
          <Box>
            <Button
              variant="outlined"
              loading={busy}
              onClick={() => (data.has_token ? setConfirming(true) : regenerate.mutate())}
              data-testid="ssl-renewal-create"
            >
              {data.has_token
                ? t('siteCertificates.renewal.regenerate')
                : t('siteCertificates.renewal.create')}
            </Button>
          </Box>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('siteCertificates.renewal.regenerateTitle')}
        message={t('siteCertificates.renewal.regenerateMessage')}
        confirmLabel={t('siteCertificates.renewal.regenerate')}
        destructive
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await regenerate.mutateAsync();
        }}
      />
    </SiteCard>
  );
}
