import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import { StatusBadge } from '../../components/StatusBadge';
import { ShellOutput } from '../../notifications/ShellOutput';
import { useLiveEvent } from '../../hooks/use-live-event';
import { SITE_LISTS_KEY, siteDetailKey } from '../site-api';

/**
 * The create event of a site that is being created (live output as it streams) or whose creation
 * failed (its output, so the user sees what the server said).
 */
export function SiteCreationPanel({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { event, output, isPending } = useLiveEvent(site.create_event_id);
  const finished = event?.is_finished ?? false;

  // The site's status changes when its create event ends: read it again.
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: siteDetailKey(site.id) });
    void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY });
  }, [finished, site.id, queryClient]);

  const failed = site.status === 'failed';
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="site-creation">
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {t('sites.show.creation.title')}
          </Typography>
          {event && <StatusBadge status={event.status} />}
        </Stack>
        {failed ? (
          <Alert severity="error" data-testid="site-creation-failed">
            {t('sites.show.creation.failed')}
          </Alert>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('sites.show.creation.running')}
          </Typography>
        )}
        {site.create_event_id !== null &&
          (output === '' ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {isPending ? t('common.loading') : t('sites.show.creation.noOutput')}
            </Typography>
          ) : (
            <ShellOutput output={output} />
          ))}
      </Stack>
    </Paper>
  );
}
