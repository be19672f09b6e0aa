import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteSummary } from '@hostdeck/contracts';
import type { DatabaseUser } from '@hostdeck/contracts/databases';
import { notifySuccess } from '../../api/error-handling';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { siteSearchQuery } from '../../sites/site-queries';
import { installPhpMyAdmin, phpMyAdminLoginUrl } from './databases-api';
import { accountLabel, phpMyAdminSites } from './database-forms';
import type { DatabaseEvents } from './use-database-events';

/**
 * phpMyAdmin for MySQL/MariaDB (issue 15): "Open phpMyAdmin" when a site of the server serves it
 * (signs in with a single-use sign-on link for the chosen database user), otherwise "Install
 * phpMyAdmin" on one of the server's sites (an event).
 */
export function PhpMyAdminActions({
  serverId,
  users,
  events,
}: {
  serverId: number;
  users: readonly DatabaseUser[];
  events: DatabaseEvents;
}) {
  const { t } = useTranslation();
  const sites = useQuery({
    ...siteSearchQuery({ page: 1, itemsPerPage: 100, serverId }),
    meta: { handleErrors: false },
  });
  const [dialog, setDialog] = useState<'open' | 'install' | null>(null);
  if (!sites.data) return null;
  const serverSites = sites.data.data.filter((site) => !site.is_agent);
  const withPhpMyAdmin = phpMyAdminSites(serverSites);
  const installing = events.isBusy('phpmyadmin');

  return (
    <>
      {withPhpMyAdmin.length > 0 ? (
        <Button
          variant="outlined"
          startIcon={<OpenInNewIcon />}
          onClick={() => setDialog('open')}
          data-testid="database-phpmyadmin-open"
        >
          {t('databases.actions.openPhpMyAdmin')}
        </Button>
      ) : (
        <Button
          variant="outlined"
          onClick={() => setDialog('install')}
          loading={installing}
          data-testid="database-phpmyadmin-install"
        >
          {t('databases.actions.installPhpMyAdmin')}
        </Button>
      )}
      <ActionDialog open={dialog === 'open'} onClose={() => setDialog(null)}>
        <OpenForm sites={withPhpMyAdmin} users={users} onClose={() => setDialog(null)} />
      </ActionDialog>
      <ActionDialog open={dialog === 'install'} onClose={() => setDialog(null)}>
        <InstallForm
          sites={serverSites}
          onClose={() => setDialog(null)}
          onInstall={(site) =>
            events
              .start('phpmyadmin', () => installPhpMyAdmin(site.id))
              .then(() =>
                notifySuccess(t('databases.phpMyAdmin.installStarted', { site: site.display_name })),
              )
          }
        />
      </ActionDialog>
    </>
  );
}

function OpenForm({
  sites,
  users,
  onClose,
}: {
  sites: readonly SiteSummary[];
  users: readonly DatabaseUser[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const usable = users.filter((user) => user.can_use && user.status === 'active');
  const [siteId, setSiteId] = useState(sites[0]?.id ?? 0);
  const [userId, setUserId] = useState(usable[0]?.id ?? 0);
  const [blocked, setBlocked] = useState(false);
  const open = useMutation({
    mutationFn: () => phpMyAdminLoginUrl(siteId, userId),
    onSuccess: (url) => {
      // The link is single-use and lives seconds: opened as soon as the panel answers.
      const opened = window.open(url, '_blank');
      if (opened) {
        opened.opener = null;
        onClose();
      } else setBlocked(true);
    },
  });
  return (
    <ActionDialogFrame
      form
      title={t('databases.phpMyAdmin.openTitle')}
      submitLabel={t('databases.phpMyAdmin.open')}
      submitTestId="database-phpmyadmin-open-submit"
      submitDisabled={usable.length === 0}
      busy={open.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (!open.isPending && userId !== 0) open.mutate();
      }}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('databases.phpMyAdmin.openMessage')}</DialogContentText>
        {usable.length === 0 ? (
          <Alert severity="info">{t('databases.phpMyAdmin.noUsableUser')}</Alert>
        ) : (
          <TextField
            select
            name="database_user"
            label={t('databases.phpMyAdmin.user')}
            value={userId}
            onChange={(event) => setUserId(Number(event.target.value))}
            fullWidth
          >
            {usable.map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {accountLabel(user)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {sites.length > 1 && (
          <TextField
            select
            name="site"
            label={t('databases.phpMyAdmin.site')}
            value={siteId}
            onChange={(event) => setSiteId(Number(event.target.value))}
            fullWidth
          >
            {sites.map((site) => (
              <MenuItem key={site.id} value={site.id}>
                {site.display_name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {blocked && <Alert severity="warning">{t('databases.phpMyAdmin.popupBlocked')}</Alert>}
      </Stack>
    </ActionDialogFrame>
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
    // The start is reported once by the page's event hook.
    meta: { handleErrors: false },
  });
  return (
    <ActionDialogFrame
      form
      title={t('databases.phpMyAdmin.installTitle')}
      submitLabel={t('databases.phpMyAdmin.installSubmit')}
      submitTestId="database-phpmyadmin-install-submit"
      submitDisabled={sites.length === 0}
      busy={install.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (!install.isPending && siteId !== 0) install.mutate();
      }}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('databases.phpMyAdmin.installMessage')}</DialogContentText>
        {sites.length === 0 ? (
          <Alert severity="info">{t('databases.phpMyAdmin.noSites')}</Alert>
        ) : (
          <TextField
            select
            name="site"
            label={t('databases.phpMyAdmin.site')}
            value={siteId}
            onChange={(event) => setSiteId(Number(event.target.value))}
            fullWidth
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
