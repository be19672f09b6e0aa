import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isMysqlEngine,
  type Database,
  type DatabaseEngine,
  type DatabaseUser,
} from '@hostdeck/contracts/databases';
import { notifySuccess } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { applicationsQuery } from '../server-api';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { useDatabasesCatalogue } from './catalogue';
import { CreateDatabaseDialog } from './CreateDatabaseDialog';
import { CreateUserDialog } from './CreateUserDialog';
import {
  backupDatabase,
  changeUserPassword,
  databasesKey,
  databasesQuery,
  databaseUsersKey,
  databaseUsersQuery,
  deleteDatabaseUser,
  deleteDump,
  grantAccess,
  syncEngine,
} from './databases-api';
import { DatabasesTable, type DatabaseRowAction } from './DatabasesTable';
import { accountLabel, engineHasHosts } from './database-forms';
import { DeleteDatabaseDialog } from './DeleteDatabaseDialog';
import { DumpsDialog } from './DumpsDialog';
import { GrantDialog } from './GrantDialog';
import { ImportDatabaseDialog } from './ImportDatabaseDialog';
import { PasswordOnceDialog } from './PasswordOnceDialog';
import { PhpMyAdminActions } from './PhpMyAdminActions';
import { SettingsCard } from './SettingsCard';
import { useDatabaseEvents } from './use-database-events';
import { UsersTable, type UserRowAction } from './UsersTable';

type Dialog =
  | { kind: 'createDatabase' }
  | { kind: 'createUser' }
  | { kind: 'deleteDatabase' | 'dumps' | 'import'; databaseId: number }
  | { kind: 'grant' | 'password' | 'deleteUser'; userId: number };

const databaseKey = (database: Pick<Database, 'id'>) => `db:${database.id}`;
const userKey = (user: Pick<DatabaseUser, 'id'>) => `user:${user.id}`;

/**
 * `/servers/{server}/mysql|mariadb|postgresql|mongod` (spec/000 §2, issue 15): one page per
 * engine. It reads what the server has first (sync: databases and users made outside the panel
 * are added, those gone are marked gone, nothing on the server changes), then lists the
 * databases and the users with their access. Every change is an event; its row stays busy until
 * the event ends. Generated passwords are shown once.
 */
export function DatabasesPage({ engine }: { engine: DatabaseEngine }) {
  useDatabasesCatalogue();
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const queryClient = useQueryClient();
  const events = useDatabaseEvents(serverId);
  const engineName = t(`databases.engines.${engine}`);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [shownPassword, setShownPassword] = useState<{ user: string; password: string } | null>(null);

  const pageKey = `${serverId}:${engine}`;
  const [syncedFor, setSyncedFor] = useState<string | null>(null);
  const sync = useMutation({
    mutationFn: () => syncEngine(serverId, engine),
    onSettled: async () => {
      setSyncedFor(pageKey);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: databasesKey(serverId) }),
        queryClient.invalidateQueries({ queryKey: databaseUsersKey(serverId) }),
      ]);
    },
    // Its failure shows on the page (the lists then are what the panel knew).
    meta: { handleErrors: false },
  });
  // Once when the page opens for this server and engine (not again on a re-render).
  const startedFor = useRef<string | null>(null);
  useEffect(() => {
    if (serverId === 0 || startedFor.current === pageKey) return;
    startedFor.current = pageKey;
    sync.mutate();
  }, [serverId, pageKey, sync]);
  // The lists show once the first sync has answered (or failed: then what the panel knew).
  const firstSyncPending = syncedFor !== pageKey;

  const databases = useQuery({ ...databasesQuery(serverId, engine), enabled: serverId > 0 });
  const users = useQuery({ ...databaseUsersQuery(serverId, engine), enabled: serverId > 0 });
  const databaseList = databases.data ?? [];
  const userList = users.data ?? [];
  const chosenDatabase =
    dialog && 'databaseId' in dialog
      ? (databaseList.find((row) => row.id === dialog.databaseId) ?? null)
      : null;
  const chosenUser =
    dialog && 'userId' in dialog ? (userList.find((row) => row.id === dialog.userId) ?? null) : null;
  const close = () => setDialog(null);

  function onDatabaseAction(database: Database, action: DatabaseRowAction) {
    if (action === 'backup') {
      void events
        .start(databaseKey(database), () => backupDatabase(serverId, database.id))
        .then(() => notifySuccess(t('databases.backupStarted', { name: database.name })))
        .catch(() => undefined);
      return;
    }
    setDialog({ kind: action === 'delete' ? 'deleteDatabase' : action, databaseId: database.id });
  }

  function onUserAction(user: DatabaseUser, action: UserRowAction) {
    setDialog({ kind: action === 'delete' ? 'deleteUser' : action, userId: user.id });
  }

  const reloadLists = () => {
    void queryClient.invalidateQueries({ queryKey: databasesKey(serverId) });
    void queryClient.invalidateQueries({ queryKey: databaseUsersKey(serverId) });
  };

  return (
    <Stack spacing={3} data-testid="databases-page" data-engine={engine}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <PageTitle>{engineName}</PageTitle>
            <EngineState serverId={serverId} engine={engine} />
          </Stack>
          {server && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
              {t('serverPage.section', { name: server.display_name })}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {isMysqlEngine(engine) && (
            <PhpMyAdminActions serverId={serverId} users={userList} events={events} />
          )}
          <Button
            variant="outlined"
            startIcon={<SyncIcon />}
            loading={sync.isPending}
            onClick={() => sync.mutate()}
            data-testid="databases-sync"
          >
            {t('databases.sync')}
          </Button>
        </Stack>
      </Stack>

      {sync.isError && (
        <Alert severity="warning" data-testid="databases-sync-failed" onClose={() => sync.reset()}>
          {t('databases.syncFailed')} {sync.error.message}
        </Alert>
      )}

      {firstSyncPending ? (
        <Stack spacing={1} sx={{ alignItems: 'center' }} data-testid="databases-syncing">
          <LoadingIndicator />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('databases.syncing')}
          </Typography>
        </Stack>
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="databases-section">
            <SectionHeader
              title={t('databases.databasesTitle')}
              actionLabel={t('databases.newDatabase')}
              actionTestId="database-create"
              onAction={() => setDialog({ kind: 'createDatabase' })}
            />
            {databases.isPending ? (
              <LoadingIndicator />
            ) : databases.isError ? (
              <LoadFailure
                title={t('databases.loadDatabasesFailed')}
                message={databases.error.message}
                onRetry={() => void databases.refetch()}
                retrying={databases.isFetching}
                testId="databases-load-failure"
              />
            ) : databaseList.length === 0 ? (
              <Typography
                sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}
                data-testid="databases-empty"
              >
                {t('databases.noDatabases')}
              </Typography>
            ) : (
              <DatabasesTable
                databases={databaseList}
                isBusy={(database) => events.isBusy(databaseKey(database))}
                onAction={onDatabaseAction}
              />
            )}
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }} data-testid="database-users-section">
            <SectionHeader
              title={t('databases.usersTitle')}
              actionLabel={t('databases.newUser')}
              actionTestId="database-user-create"
              onAction={() => setDialog({ kind: 'createUser' })}
            />
            {engine === 'mongod' && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                {t('databases.mongodbNote')}
              </Typography>
            )}
            {users.isPending ? (
              <LoadingIndicator />
            ) : users.isError ? (
              <LoadFailure
                title={t('databases.loadUsersFailed')}
                message={users.error.message}
                onRetry={() => void users.refetch()}
                retrying={users.isFetching}
                testId="database-users-load-failure"
              />
            ) : userList.length === 0 ? (
              <Typography
                sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}
                data-testid="database-users-empty"
              >
                {t('databases.noUsers')}
              </Typography>
            ) : (
              <UsersTable
                users={userList}
                showHost={engineHasHosts(engine)}
                isBusy={(user) => events.isBusy(userKey(user))}
                onAction={onUserAction}
              />
            )}
          </Paper>

          {isMysqlEngine(engine) && (
            <SettingsCard serverId={serverId} engine={engine} engineName={engineName} events={events} />
          )}
        </>
      )}

      <CreateDatabaseDialog
        open={dialog?.kind === 'createDatabase'}
        serverId={serverId}
        engine={engine}
        onClose={close}
        onCreated={(created) => {
          events.track(databaseKey({ id: created.databaseId }), created.eventId);
          if (created.user) setShownPassword({ user: created.user.name, password: created.user.password });
          reloadLists();
        }}
      />
      <DeleteDatabaseDialog
        database={dialog?.kind === 'deleteDatabase' ? chosenDatabase : null}
        serverId={serverId}
        onClose={close}
        onStarted={(database, eventId) => {
          events.track(databaseKey(database), eventId);
          reloadLists();
        }}
      />
      <DumpsDialog
        database={dialog?.kind === 'dumps' ? chosenDatabase : null}
        serverId={serverId}
        isBusy={(file) => events.isBusy(`dump:${file}`)}
        onDelete={(file) =>
          events.start(`dump:${file}`, () => deleteDump(serverId, chosenDatabase!.id, file))
        }
        onClose={close}
      />
      <ImportDatabaseDialog
        database={dialog?.kind === 'import' ? chosenDatabase : null}
        serverId={serverId}
        onClose={close}
      />
      <CreateUserDialog
        open={dialog?.kind === 'createUser'}
        serverId={serverId}
        engine={engine}
        onClose={close}
        onCreated={(created) => {
          events.track(userKey({ id: created.userId }), created.eventId);
          if (created.password !== undefined)
            setShownPassword({ user: created.name, password: created.password });
          reloadLists();
        }}
      />
      <GrantDialog
        user={dialog?.kind === 'grant' ? chosenUser : null}
        databases={databaseList}
        onClose={close}
        onGrant={(user, database, access) =>
          events.start(userKey(user), () => grantAccess(serverId, user.id, database, access))
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'password' && chosenUser !== null}
        title={t('databases.password.changeTitle', { user: chosenUser ? accountLabel(chosenUser) : '' })}
        message={t('databases.password.changeMessage', { user: chosenUser ? accountLabel(chosenUser) : '' })}
        confirmLabel={t('databases.password.changeSubmit')}
        onClose={close}
        onConfirm={async () => {
          if (!chosenUser) return;
          const user = chosenUser;
          let password: string | undefined;
          await events.start(userKey(user), async () => {
            const answer = await changeUserPassword(serverId, user.id);
            password = answer.password;
            return answer.id;
          });
          if (password !== undefined) setShownPassword({ user: accountLabel(user), password });
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'deleteUser' && chosenUser !== null}
        title={t('databases.deleteUser.title', { user: chosenUser ? accountLabel(chosenUser) : '' })}
        message={t('databases.deleteUser.message', { user: chosenUser ? accountLabel(chosenUser) : '' })}
        confirmLabel={t('databases.deleteUser.submit')}
        destructive
        onClose={close}
        onConfirm={async () => {
          if (!chosenUser) return;
          const user = chosenUser;
          await events.start(userKey(user), () => deleteDatabaseUser(serverId, user.id));
          reloadLists();
        }}
      />
      <PasswordOnceDialog shown={shownPassword} onClose={() => setShownPassword(null)} />
    </Stack>
  );
}

function SectionHeader({
  title,
  actionLabel,
  actionTestId,
  onAction,
}: {
  title: string;
  actionLabel: string;
  actionTestId: string;
  onAction: () => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Button variant="contained" size="small" onClick={onAction} data-testid={actionTestId}>
        {actionLabel}
      </Button>
    </Stack>
  );
}

/** The engine's service as the applications list read from the server says: state and version. */
function EngineState({ serverId, engine }: { serverId: number; engine: DatabaseEngine }) {
  const { t } = useTranslation();
  const applications = useQuery({ ...applicationsQuery(serverId), meta: { handleErrors: false } });
  const application = applications.data?.find((entry) => entry.id === engine);
  if (!applications.data) return null;
  let label: string;
  let color: 'success' | 'error' | 'default' = 'default';
  if (!application?.is_installed) label = t('databases.engineState.notInstalled');
  else if (application.service_state === 'active') {
    label = t('databases.engineState.running');
    color = 'success';
  } else if (application.service_state === 'failed') {
    label = t('databases.engineState.failed');
    color = 'error';
  } else if (application.service_state === 'inactive') label = t('databases.engineState.stopped');
  else label = t('databases.engineState.unknown');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip
        size="small"
        color={color}
        label={label}
        data-testid="database-engine-state"
        data-state={application?.service_state ?? ''}
      />
      {application?.installed_version && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('databases.engineState.version', { version: application.installed_version })}
        </Typography>
      )}
    </Stack>
  );
}
