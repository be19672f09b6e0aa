import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  MAIL_DELIVERABILITY_TEXTS,
  mailMessageSizeSchema,
  mailRelayHostSchema,
  mailDomainNameSchema,
  mailserverSection,
  type MailOverview,
} from '@hostdeck/contracts/mailserver';
import { routePath } from '../../app/route-names';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useSectionActions } from '../../server-sections/use-server-section';
import { siteSearchQuery } from '../../sites/site-queries';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { MailAccountsPanel, MailAliasesPanel } from './MailAccountsPanel';
import { MailDomainsPanel } from './MailDomainsPanel';
import { mailOverviewQuery, useMailDeliverability } from './mail-api';
import { WebmailPanel } from './WebmailPanel';

export type MailActions = ReturnType<typeof useSectionActions<typeof mailserverSection>>;

/**
 * `/servers/{server}/mailserver` (issue 19): the mail server installed from Applications (Postfix,
 * Dovecot, OpenDKIM). Domains with the DNS records they need and their state, accounts, aliases and
 * forwards, settings (message size limit, relay host), SSL from a site certificate, a
 * deliverability check, and Roundcube webmail on one of the server's sites.
 */
export function MailPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const overview = useQuery({ ...mailOverviewQuery(serverId), placeholderData: keepPreviousData });
  const actions = useSectionActions(mailserverSection, serverId);

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('mail.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('mail.about')}
      </Typography>
      {overview.isPending ? (
        <LoadingIndicator />
      ) : overview.isError && !overview.data ? (
        <LoadFailure
          title={t('mail.loadFailed')}
          message={overview.error.message}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
          testId="mail-load-failure"
        />
      ) : !overview.data.installed ? (
        <Alert
          severity="info"
          data-testid="mail-not-installed"
          action={
            <Button
              component={RouterLink}
              to={routePath('servers.applications', { server: serverId })}
              size="small"
              data-testid="mail-install-link"
            >
              {t('mail.openApplications')}
            </Button>
          }
        >
          {t('mail.notInstalled')}
        </Alert>
      ) : (
        <>
          <StatusPanel overview={overview.data} />
          <MailDomainsPanel serverId={serverId} overview={overview.data} actions={actions} />
          <MailAccountsPanel overview={overview.data} actions={actions} />
          <MailAliasesPanel overview={overview.data} actions={actions} />
          <SettingsPanel
            key={JSON.stringify(overview.data.settings)}
            overview={overview.data}
            actions={actions}
          />
          <SslPanel serverId={serverId} overview={overview.data} actions={actions} />
          <DeliverabilityPanel serverId={serverId} />
          <WebmailPanel serverId={serverId} />
        </>
      )}
    </Stack>
  );
}

function StatusPanel({ overview }: { overview: MailOverview }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="mail-status">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {(['postfix', 'dovecot', 'opendkim'] as const).map((service) => {
          const state = overview.services[service];
          return (
            <Chip
              key={service}
              size="small"
              color={state === 'active' ? 'success' : 'warning'}
              label={`${t(`mail.services.${service}`)}: ${serviceStateText(t, state)}`}
              data-testid={`mail-service-${service}`}
            />
          );
        })}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('mail.hostname', { hostname: overview.settings.hostname })}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** systemd states the page translates; any other is shown as systemd says it. */
const SERVICE_STATES = ['inactive', 'failed', 'activating', 'deactivating', 'reloading'] as const;

function serviceStateText(t: TFunction, state: string): string {
  if (state === 'active') return t('mail.running');
  const known = SERVICE_STATES.find((name) => name === state);
  return known ? t(`mail.serviceStates.${known}`) : state;
}

function SettingsPanel({ overview, actions }: { overview: MailOverview; actions: MailActions }) {
  const { t } = useTranslation();
  const [size, setSize] = useState(String(overview.settings.message_size_limit_mb));
  const [relay, setRelay] = useState(overview.settings.relay_host);
  const [hostname, setHostname] = useState(overview.settings.hostname);
  const sizeValid = /^\d+$/.test(size) && mailMessageSizeSchema.safeParse(Number(size)).success;
  const relayValid = mailRelayHostSchema.safeParse(relay).success;
  const hostnameValid = mailDomainNameSchema.safeParse(hostname).success;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="mail-settings">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('mail.settings.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          label={t('mail.settings.sizeLimit')}
          value={size}
          onChange={(event) => setSize(event.target.value.trim())}
          error={!sizeValid}
          helperText={sizeValid ? t('mail.settings.sizeLimitHelp') : t('mail.settings.sizeLimitInvalid')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'mail-size-limit' } }}
          sx={{ width: { md: 220 } }}
        />
        <TextField
          label={t('mail.settings.relayHost')}
          value={relay}
          onChange={(event) => setRelay(event.target.value.trim())}
          error={!relayValid}
          helperText={relayValid ? t('mail.settings.relayHostHelp') : t('mail.settings.relayHostInvalid')}
          slotProps={{ htmlInput: { 'data-testid': 'mail-relay-host' } }}
          sx={{ flexGrow: 1 }}
        />
        <TextField
          label={t('mail.settings.hostname')}
          value={hostname}
          onChange={(event) => setHostname(event.target.value.trim().toLowerCase())}
          error={!hostnameValid}
          helperText={hostnameValid ? t('mail.settings.hostnameHelp') : t('mail.domainInvalid')}
          slotProps={{ htmlInput: { 'data-testid': 'mail-hostname' } }}
          sx={{ flexGrow: 1 }}
        />
        <Button
          variant="contained"
          disabled={!sizeValid || !relayValid || !hostnameValid}
          loading={actions.isBusy('settings')}
          onClick={() =>
            void actions.run('settings', 'settings', {
              body: { message_size_limit_mb: Number(size), relay_host: relay, hostname },
            })
          }
          data-testid="mail-settings-save"
        >
          {t('mail.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

function SslPanel({
  serverId,
  overview,
  actions,
}: {
  serverId: number;
  overview: MailOverview;
  actions: MailActions;
}) {
  const { t } = useTranslation();
  const sites = useQuery({
    ...siteSearchQuery({ page: 1, itemsPerPage: 100, serverId }),
    meta: { handleErrors: false },
  });
  const [siteId, setSiteId] = useState<number | ''>(overview.ssl.site_id ?? '');
  const choices = (sites.data?.data ?? []).filter((site) => !site.is_agent && site.site_id === null);
  const { ssl } = overview;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="mail-ssl">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('mail.ssl.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }} data-testid="mail-ssl-current">
        {ssl.source === 'site'
          ? t('mail.ssl.fromSite', {
              site: choices.find((site) => site.id === ssl.site_id)?.display_name ?? ssl.names.join(', '),
            })
          : t('mail.ssl.selfSigned')}
        {ssl.names.length > 0 && ` · ${ssl.names.join(', ')}`}
        {ssl.expires_at &&
          ` · ${t('mail.ssl.expires', { date: new Date(ssl.expires_at).toLocaleDateString() })}`}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label={t('mail.ssl.certificate')}
          value={siteId}
          onChange={(event) => setSiteId(event.target.value === '' ? '' : Number(event.target.value))}
          sx={{ minWidth: 280 }}
          slotProps={{ htmlInput: { 'data-testid': 'mail-ssl-site' } }}
        >
          <MenuItem value="">{t('mail.ssl.selfSignedOption')}</MenuItem>
          {choices.map((site) => (
            <MenuItem key={site.id} value={site.id}>
              {site.display_name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          loading={actions.isBusy('ssl')}
          onClick={() => void actions.run('ssl', 'ssl', { body: { site_id: siteId === '' ? null : siteId } })}
          data-testid="mail-ssl-apply"
        >
          {t('mail.ssl.apply')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {t('mail.ssl.help')}
      </Typography>
    </Paper>
  );
}

/** An English deliverability detail's id (MAIL_DELIVERABILITY_TEXTS), to show it translated. */
const DELIVERABILITY_IDS = new Map(
  Object.entries(MAIL_DELIVERABILITY_TEXTS).map(([id, text]) => [text as string, id]),
);

function DeliverabilityPanel({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const check = useMailDeliverability(serverId, asked);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="mail-deliverability">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('mail.deliverability.title')}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          loading={check.isFetching}
          onClick={() => (asked ? void check.refetch() : setAsked(true))}
          data-testid="mail-deliverability-check"
        >
          {t('mail.deliverability.check')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('mail.deliverability.about')}
      </Typography>
      {check.data && (
        <Stack spacing={1} data-testid="mail-deliverability-results">
          {check.data.checks.map((item) => {
            const id = DELIVERABILITY_IDS.get(item.detail);
            return (
              <Alert
                key={item.check}
                severity={item.state === 'ok' ? 'success' : item.state === 'problem' ? 'error' : 'info'}
                data-testid={`mail-deliverability-${item.check}`}
                data-state={item.state}
              >
                <strong>{t(`mail.deliverability.checks.${item.check}`)}</strong>
                {' — '}
                {id
                  ? t(`mail.deliverability.texts.${id as keyof typeof MAIL_DELIVERABILITY_TEXTS}`, {
                      ...item.values,
                      defaultValue: item.detail,
                    })
                  : item.detail}
              </Alert>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
