import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventRuns } from '../hooks/event-runs';
import { inputTestId } from '../components/test-ids';
import { SITE_LISTS_KEY, siteDetailKey, toggleSite } from './site-api';

/**
 * Enables or disables a site (POST toggle, spec/000 §4 "Sites are enabled or disabled"). The
 * switch shows the wanted state while the event runs on the server, then the site is read again.
 */
export function SiteEnabledSwitch({
  siteId,
  enabled,
  disabled = false,
}: {
  siteId: number;
  enabled: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState<boolean | null>(null);
  const runs = useEventRuns(() => {
    // The wanted state stays shown until the site as read again says what it is now.
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: siteDetailKey(siteId) }),
      queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY }),
    ]).finally(() => setWanted(null));
  });
  const busy = wanted !== null || runs.isRunning('toggle');

  // A failure is reported by the query client's mutation cache (handleApiError).
  const toggle = useMutation({
    mutationFn: (next: boolean) => toggleSite(siteId, next),
    onMutate: (next) => setWanted(next),
    onSuccess: (event) => runs.track('toggle', event),
    onError: () => setWanted(null),
  });

  const label = t('sites.show.enabled');
  return (
    <Tooltip title={label}>
      <Switch
        checked={wanted ?? enabled}
        disabled={disabled || busy}
        onChange={(event) => toggle.mutate(event.target.checked)}
        slotProps={{ input: { ...inputTestId('site-toggle'), 'aria-label': label } }}
        data-busy={busy}
      />
    </Tooltip>
  );
}
