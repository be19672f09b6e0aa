import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteSummary } from '@hostdeck/contracts';
import { ROUNDCUBE_CODE_TYPE, ROUNDCUBE_PATH } from '@hostdeck/contracts/roundcube';
import { notifySuccess } from '../../api/error-handling';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { useEventRuns } from '../../hooks/event-runs';
import { siteSearchQuery } from '../../sites/site-queries';
import { installRoundcube } from './mail-api';

/** The sites of a server that serve Roundcube (their install finished: code_type `roundcube`). */
export function roundcubeSites<Site extends { code_type: string | null; status: string }>(
  sites: readonly Site[],
): Site[] {
  return sites.filter((site) => site.code_type === ROUNDCUBE_CODE_TYPE && site.status === 'active');
}

/** Roundcube's address on a site (http: a site with a certificate redirects to https). */
export const webmailUrl = (site: { name: string }) => `http://${site.name}${ROUNDCUBE_PATH}`;

/**
 * Roundcube webmail (spec/000 §7 sites code install `roundcube`): its address on each site that
 * serves it, and "Install Roundcube" on one of the server's sites (an event). Users sign in with
 * their mail account and password.
 */
export function WebmailPanel({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sites = useQuery({
    ...siteSearchQuery({ page: 1, itemsPerPage: 100, serverId }),
    meta: { handleErrors: false },
  });
  const runs = useEventRuns(
    () =>
      void queryClient.invalidateQueries({
        queryKey: siteSearchQuery({ page: 1, itemsPerPage: 100, serverId }).queryKey,
      }),
  );
  const [installing, setInstalling] = useState(false);
  const serverSites = (sites.data?.data ?? []).filter((site) => !site.is_agent && site.site_id === null);
  const withRoundcube = roundcubeSites(serverSites);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="mail-webmail">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('mail.webmail.title')}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          loading={runs.isRunning('roundcube')}
          onClick={() => setInstalling(true)}
          data-testid="mail-roundcube-install"
        >
          {t('mail.webmail.install')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('mail.webmail.about')}
      </Typography>
      <Stack spacing={1}>
        {withRoundcube.map((site) => (
          <Stack key={site.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button
              href={webmailUrl(site)}
              target="_blank"
              rel="noopener noreferrer"
              startIcon={<OpenInNewIcon />}
              data-testid={`mail-webmail-open-${site.name}`}
            >
              {webmailUrl(site)}
            </Button>
          </Stack>
        ))}
      </Stack>
      <ActionDialog open={installing} onClose={() => setInstalling(false)}>
        <InstallForm
          sites={serverSites}
          onClose={() => setInstalling(false)}
          onInstall={async (site) => {
            const eventId = await installRoundcube(site.id);
            runs.track('roundcube', eventId);
            notifySuccess(t('mail.webmail.installStarted', { site: site.display_name }));
          }}
        />
      </ActionDialog>
    </Paper>
  );
}

function InstallForm({
  sites,
  onClose,
  onInstall,
}: {
  sites: readonly SiteSummary[];
  onClose: () => void;
  onInstall: (site: SiteSummary) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [siteId, setSiteId] = useState(sites[0]?.id ?? 0);
  const install = useMutation({
    mutationFn: () => onInstall(sites.find((site) => site.id === siteId)!),
    onSuccess: () => onClose(),
  });
  return (
    <ActionDialogFrame
      form
      title={t('mail.webmail.installTitle')}
      submitLabel={t('mail.webmail.installSubmit')}
      submitTestId="mail-roundcube-install-submit"
      submitDisabled={sites.length === 0}
      busy={install.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (!install.isPending && siteId !== 0) install.mutate();
      }}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('mail.webmail.installMessage')}</DialogContentText>
        {sites.length === 0 ? (
          <Alert severity="info">{t('mail.webmail.noSites')}</Alert>
        ) : (
          <TextField
            select
            name="site"
            label={t('mail.webmail.site')}
            value={siteId}
            onChange={(event) => setSiteId(Number(event.target.value))}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'mail-roundcube-site' } }}
          >
            {sites.map((site) => (
              <MenuItem key={site.id} value={site.id}>
                {site.display_name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
