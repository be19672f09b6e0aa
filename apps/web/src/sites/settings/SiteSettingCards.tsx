import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { renameSiteRequestSchema, type SiteDetail } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { inputTestId } from '../../components/test-ids';
import {
  SITE_LISTS_KEY,
  renameSite,
  setSiteLockdown,
  setSiteTelegramNotification,
  siteDetailKey,
} from '../site-api';
import { siteSchemaMessage } from '../site-messages';
import type { SiteActions } from '../use-site-actions';
import { SiteCard } from '../show/SiteCard';
import { ValueForm } from '../show/ValueForm';

function useSaveSite() {
  const queryClient = useQueryClient();
  return (site: SiteDetail) => {
    queryClient.setQueryData(siteDetailKey(site.id), site);
    void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY });
  };
}

/** The name people see (PUT name); the domain stays the vhost's name. */
export function DisplayNameCard({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  const save = useSaveSite();
  return (
    <SiteCard
      title={t('sites.settings.displayName.title')}
      description={t('sites.settings.displayName.description')}
      testId="site-rename-card"
    >
      <ValueForm
        field="name"
        label={t('sites.settings.displayName.label')}
        value={site.display_name}
        testId="site-rename"
        busy={false}
        validate={(name) => siteSchemaMessage(t, renameSiteRequestSchema, { name })}
        onSave={async (name) => {
          save(await renameSite(site.id, name));
          notifySuccess();
        }}
      />
    </SiteCard>
  );
}

/** A switch that stays on the wanted state until its call (or event) has settled. */
function SettingSwitch({
  checked,
  busy,
  label,
  testId,
  onChange,
}: {
  checked: boolean;
  busy: boolean;
  label: string;
  testId: string;
  /** Sends the wanted state; a failure is reported by the query client's mutation cache. */
  onChange: (next: boolean) => Promise<void>;
}) {
  const change = useMutation({ mutationFn: onChange });
  return (
    <FormControlLabel
      sx={{ ml: 0 }}
      label={label}
      control={
        <Switch
          checked={change.isPending ? change.variables : checked}
          disabled={busy || change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
          slotProps={{ input: inputTestId(testId) }}
        />
      }
    />
  );
}

/** Lockdown: the site's files belong to root and its user cannot change them (POST lockdown). */
export function LockdownCard({ site, actions }: { site: SiteDetail; actions: SiteActions }) {
  const { t } = useTranslation();
  return (
    <SiteCard
      title={t('sites.settings.lockdown.title')}
      description={t('sites.settings.lockdown.description')}
      testId="site-lockdown-card"
    >
      <SettingSwitch
        checked={site.lockdown}
        busy={actions.isRunning('lockdown')}
        label={site.lockdown ? t('sites.settings.lockdown.on') : t('sites.settings.lockdown.off')}
        testId="site-lockdown"
        onChange={async (next) => {
          await actions.startOrThrow('lockdown', () => setSiteLockdown(site.id, next));
        }}
      />
    </SiteCard>
  );
}

/** Telegram notifications about this site (DELETE turns them off, POST on). */
export function TelegramCard({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  const save = useSaveSite();
  return (
    <SiteCard
      title={t('sites.settings.telegram.title')}
      description={t('sites.settings.telegram.description')}
      testId="site-telegram-card"
    >
      <SettingSwitch
        checked={site.telegram_notification}
        busy={false}
        label={
          site.telegram_notification ? t('sites.settings.telegram.on') : t('sites.settings.telegram.off')
        }
        testId="site-telegram"
        onChange={async (next) => {
          save(await setSiteTelegramNotification(site.id, next));
          notifySuccess();
        }}
      />
    </SiteCard>
  );
}
