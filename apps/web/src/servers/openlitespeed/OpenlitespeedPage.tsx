import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/error-handling';
import { LazyCodeEditor } from '../../components/code-editor/LazyCodeEditor';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useEventRuns } from '../../hooks/event-runs';
import { PageTitle } from '../../pages/PageTitle';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { olsActions, olsIndexQuery, olsKey, olsPhpIniQuery } from './openlitespeed-api';

type Busy = 'install' | 'restart' | 'password' | 'ini';

/**
 * `/servers/{server}/openlitespeed` (servers.openlitespeed; spec/000 §7 OpenLiteSpeed): the
 * installation as read from the server, install (Applications' own), the WebAdmin password,
 * each lsphp version's php.ini and a graceful restart. Every change is an event whose output
 * shows below; its button stays busy until it ends, then the page reads the server again.
 * OpenLiteSpeed is not in Debian's packages: on a Debian server the page says it needs Ubuntu.
 */
export function OpenlitespeedPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const queryClient = useQueryClient();
  const { data: server } = useServerDetail(serverId);
  const index = useQuery(olsIndexQuery(serverId));
  const [lastEvent, setLastEvent] = useState<number | null>(null);
  const runs = useEventRuns(() => {
    void queryClient.invalidateQueries({ queryKey: olsKey(serverId) });
  });
  const start = useMutation({
    mutationFn: async ({ run }: { key: Busy; run: () => Promise<number> }) => run(),
    onSuccess: (eventId, { key }) => {
      runs.track(key, eventId);
      setLastEvent(eventId);
      notifySuccess();
    },
  });
  const busy = (key: Busy) => (start.isPending && start.variables?.key === key) || runs.isRunning(key);

  const data = index.data?.data;
  const versions = index.data?.infos.ols_php ?? [];
  const onDebian = data?.needs_ubuntu ?? server?.os_version?.startsWith('debian') ?? false;

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('openlitespeed.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
      </Stack>
      {onDebian && (
        <Alert severity="warning" data-testid="ols-needs-ubuntu">
          {t('openlitespeed.needsUbuntu')}
        </Alert>
      )}
      {index.isPending && <LoadingIndicator />}
      {index.isError && <Alert severity="error">{t('openlitespeed.readFailed')}</Alert>}
      {data && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">
              {t('openlitespeed.installation')}
            </Typography>
            {data.installed ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography data-testid="ols-version">
                  {t('openlitespeed.version', { version: data.version ?? '?' })}
                </Typography>
                <Chip
                  size="small"
                  color={data.status === 'active' ? 'success' : 'default'}
                  label={data.status === 'active' ? t('openlitespeed.running') : t('openlitespeed.stopped')}
                />
                {versions.map((version) => (
                  <Chip key={version} size="small" variant="outlined" label={`lsphp ${version}`} />
                ))}
              </Stack>
            ) : (
              <Typography data-testid="ols-not-installed">{t('openlitespeed.notInstalled')}</Typography>
            )}
            <Stack direction="row" spacing={1}>
              {!data.installed && (
                <Button
                  variant="contained"
                  loading={busy('install')}
                  onClick={() => start.mutate({ key: 'install', run: () => olsActions.install(serverId) })}
                  data-testid="ols-install"
                >
                  {t('openlitespeed.install')}
                </Button>
              )}
              {data.installed && (
                <Button
                  variant="outlined"
                  loading={busy('restart')}
                  onClick={() => start.mutate({ key: 'restart', run: () => olsActions.restart(serverId) })}
                  data-testid="ols-restart"
                >
                  {t('openlitespeed.restart')}
                </Button>
              )}
            </Stack>
            {data.installed && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('openlitespeed.restartHint')}
              </Typography>
            )}
          </Stack>
        </Paper>
      )}
      {data?.installed && (
        <AdminPasswordForm
          users={data.admin_users}
          busy={busy('password')}
          onSubmit={(body) =>
            start.mutate({ key: 'password', run: () => olsActions.adminPassword(serverId, body) })
          }
        />
      )}
      {data?.installed && versions.length > 0 && (
        <PhpIniEditor
          serverId={serverId}
          versions={versions}
          busy={busy('ini')}
          onSave={(body) => start.mutate({ key: 'ini', run: () => olsActions.savePhpIni(serverId, body) })}
        />
      )}
      {lastEvent !== null && (
        <LiveEventOutput
          eventId={lastEvent}
          title={t('openlitespeed.output')}
          titleFromEvent
          testId="ols-output"
        />
      )}
    </Stack>
  );
}

function AdminPasswordForm({
  users,
  busy,
  onSubmit,
}: {
  users: readonly string[];
  busy: boolean;
  onSubmit: (body: { username: string; password: string }) => void;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(users[0] ?? 'admin');
  const [password, setPassword] = useState('');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack
        component="form"
        spacing={1.5}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit({ username, password });
          setPassword('');
        }}
      >
        <Typography variant="h6" component="h2">
          {t('openlitespeed.adminTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('openlitespeed.adminHint')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            size="small"
            label={t('openlitespeed.username')}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'ols-admin-user' } }}
          />
          <TextField
            size="small"
            type="password"
            autoComplete="new-password"
            label={t('openlitespeed.password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'ols-admin-password' } }}
          />
          <Button type="submit" variant="contained" loading={busy} disabled={password.length === 0}>
            {t('openlitespeed.savePassword')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function PhpIniEditor({
  serverId,
  versions,
  busy,
  onSave,
}: {
  serverId: number;
  versions: readonly string[];
  busy: boolean;
  onSave: (body: { version: string; content: string }) => void;
}) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(versions[0]!);
  const ini = useQuery(olsPhpIniQuery(serverId, version));
  // Edits of the file as read: a version picked, or the file read again after a save, starts over.
  const [edit, setEdit] = useState<{ of: unknown; content: string } | null>(null);
  const text = edit !== null && edit.of === ini.data ? edit.content : (ini.data?.content ?? '');
  const setContent = (content: string) => setEdit({ of: ini.data, content });
  const save = () => onSave({ version, content: text });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('openlitespeed.phpIniTitle')}
          </Typography>
          <TextField
            select
            size="small"
            label={t('openlitespeed.phpVersion')}
            value={version}
            onChange={(event) => setVersion(event.target.value)}
          >
            {versions.map((option) => (
              <MenuItem key={option} value={option}>
                {`lsphp ${option}`}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {ini.data && (
          <Typography variant="body2" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
            {ini.data.path}
          </Typography>
        )}
        {ini.isPending ? (
          <LoadingIndicator />
        ) : (
          <LazyCodeEditor
            value={text}
            mode="ini"
            height="50vh"
            onChange={setContent}
            onSave={save}
            testId="ols-php-ini"
            ariaLabel={t('openlitespeed.phpIniTitle')}
          />
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('openlitespeed.phpIniHint')}
        </Typography>
        <Stack direction="row">
          <Button
            variant="contained"
            loading={busy}
            disabled={!ini.data}
            onClick={save}
            data-testid="ols-php-ini-save"
          >
            {t('openlitespeed.savePhpIni')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
