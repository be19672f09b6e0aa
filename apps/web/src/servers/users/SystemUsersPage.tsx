import AddIcon from '@mui/icons-material/Add';
import PeopleIcon from '@mui/icons-material/People';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { systemUsersSection, type SystemUser } from '@hostdeck/contracts/system-users';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useSectionActions, useSectionList } from '../../server-sections/use-server-section';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { CreateSystemUserDialog } from './CreateSystemUserDialog';
import { PasswordDialog } from './PasswordDialog';
import { SystemUsersTable } from './SystemUsersTable';

/**
 * `/servers/{server}/users` (servers.users, spec/000 §2, §7 "System users"): the server's accounts
 * as read from it (home, shell, sudo, SFTP-only, disk usage, the panel's sites using each), with
 * create, change password, delete and sync. Each action is an event: the row (or button) stays
 * busy until it ends, then the list is read from the server again.
 */
export function SystemUsersPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const list = useSectionList(systemUsersSection, serverId);
  const actions = useSectionActions(systemUsersSection, serverId);
  const [creating, setCreating] = useState(false);
  const [passwordOf, setPasswordOf] = useState<SystemUser | null>(null);
  const [deleting, setDeleting] = useState<SystemUser | null>(null);

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('users.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('users.intro')}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          data-testid="system-user-create"
        >
          {t('users.create')}
        </Button>
        <Button
          startIcon={<SyncIcon />}
          loading={actions.isBusy('sync')}
          onClick={() => void actions.run('sync', 'sync', {})}
          data-testid="system-users-sync"
        >
          {t('users.sync')}
        </Button>
      </Stack>
      {list.isPending ? (
        <LoadingIndicator />
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {list.error.message || t('users.loadFailed')}
        </Alert>
      ) : list.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="system-users-empty">
          <PeopleIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
          <Typography>{t('users.empty')}</Typography>
        </Paper>
      ) : (
        <SystemUsersTable
          users={list.data}
          isBusy={(name) => actions.isBusy(`user:${name}`)}
          onPassword={setPasswordOf}
          onDelete={setDeleting}
        />
      )}
      <CreateSystemUserDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSubmit={async (body) => {
          await actions.run(`user:${body.name}`, 'create', { body }, { rethrow: true });
        }}
      />
      <PasswordDialog
        user={passwordOf}
        onClose={() => setPasswordOf(null)}
        onSubmit={async (name, password) => {
          await actions.run(
            `user:${name}`,
            'password',
            { params: { user: name }, body: { password } },
            { rethrow: true },
          );
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('users.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('users.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('users.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await actions.run(
            `user:${deleting.name}`,
            'remove',
            { params: { user: deleting.name } },
            { rethrow: true },
          );
        }}
      />
    </Stack>
  );
}
