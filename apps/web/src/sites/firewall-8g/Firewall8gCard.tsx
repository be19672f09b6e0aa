import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import { handleApiError } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { inputTestId } from '../../components/test-ids';
import { SiteCard } from '../show/SiteCard';
import type { SiteActions } from '../use-site-actions';
import { registerFirewall8gCatalogues } from './catalogue';
import { fetchFirewall8g, firewall8gKey, setFirewall8g } from './firewall-8g-api';

registerFirewall8gCatalogues();

const BUSY_KEY = 'firewall-8g';

/**
 * The site's 8G firewall (spec/000 §7 `8gfirewall` POST and DELETE): a switch that asks first,
 * then follows the event's output until nginx took (or refused) the change. Only sites served by
 * nginx have it; for others the switch stays off and says why.
 */
export function Firewall8gCard({ site, actions }: { site: SiteDetail; actions: SiteActions }) {
  const { t } = useTranslation();
  const state = useQuery({ queryKey: firewall8gKey(site.id), queryFn: () => fetchFirewall8g(site.id) });
  /** The state the user asked for, while the confirmation is open. */
  const [asked, setAsked] = useState<boolean | null>(null);
  /** The state confirmed, shown by the switch until its event ends. */
  const [wanted, setWanted] = useState(false);
  const [eventId, setEventId] = useState<number | null>(null);
  const enabled = state.data?.enabled ?? false;
  const available = state.data?.available ?? site.web_server === 'nginx';
  const busy = actions.isRunning(BUSY_KEY);

  async function change(next: boolean) {
    try {
      await actions.startOrThrow(BUSY_KEY, async () => {
        const id = await setFirewall8g(site.id, next);
        setWanted(next);
        setEventId(id);
        return id;
      });
    } catch (error) {
      // The dialog stays open (not busy) for another try; the panel's message is shown here.
      handleApiError(error);
      throw error;
    }
  }

  return (
    <SiteCard
      title={t('siteFirewall8g.title')}
      description={t('siteFirewall8g.description')}
      testId="site-firewall-8g-card"
    >
      <Stack spacing={2}>
        {!available && (
          <Alert severity="info" data-testid="site-firewall-8g-nginx-only">
            {t('siteFirewall8g.nginxOnly', { webServer: state.data?.web_server ?? site.web_server })}
          </Alert>
        )}
        <FormControlLabel
          sx={{ ml: 0 }}
          label={enabled ? t('siteFirewall8g.on') : t('siteFirewall8g.off')}
          control={
            <Switch
              checked={busy ? wanted : enabled}
              disabled={!available || busy || state.isPending}
              onChange={(event) => setAsked(event.target.checked)}
              slotProps={{ input: inputTestId('site-firewall-8g') }}
            />
          }
        />
        {eventId !== null && (
          <LiveEventOutput
            eventId={eventId}
            title={t('siteFirewall8g.output')}
            titleFromEvent
            testId="site-firewall-8g-output"
          />
        )}
      </Stack>
      <ConfirmDialog
        open={asked !== null}
        title={asked ? t('siteFirewall8g.confirmOn.title') : t('siteFirewall8g.confirmOff.title')}
        message={asked ? t('siteFirewall8g.confirmOn.message') : t('siteFirewall8g.confirmOff.message')}
        confirmLabel={asked ? t('siteFirewall8g.confirmOn.confirm') : t('siteFirewall8g.confirmOff.confirm')}
        destructive={asked === false}
        onClose={() => setAsked(null)}
        onConfirm={() => change(asked === true)}
      />
    </SiteCard>
  );
}
