import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '@hostdeck/contracts/schedules';
import { lazyPage } from '../../app/lazy-page';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { explainExpression } from './cron-text';
import { RunChip, RunsDialog, ScriptDialog } from './RunsDialog';
import { ScheduleDialog } from './ScheduleDialog';
import {
  adoptSchedule,
  deleteSchedule,
  runSchedule,
  scheduleScript,
  schedulesKey,
  schedulesQuery,
} from './schedules-api';

const EventOutputDialog = lazyPage(() =>
  import('../../notifications/EventOutputDialog').then((module) => module.EventOutputDialog),
);

const BUSY = new Set(['creating', 'updating', 'deleting']);

/**
 * `/servers/{server}/schedules` (servers.schedules, issue 16): the panel's cron jobs with their
 * last runs, "Run now" (its output live), history, script, edit and delete; and the lines written
 * by hand on the server, shown as unmanaged and never changed, a crontab line adoptable.
 */
export function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const serverId = useRouteServerId();
  const queryClient = useQueryClient();
  const { data: server } = useServerDetail(serverId);
  const list = useQuery({ ...schedulesQuery(serverId), enabled: serverId > 0 });
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const [adopting, setAdopting] = useState<Schedule | null>(null);
  const [history, setHistory] = useState<Schedule | null>(null);
  const [script, setScript] = useState<string | null>(null);
  const [outputEventId, setOutputEventId] = useState<number | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: schedulesKey(serverId) });

  const run = useMutation({
    mutationFn: (schedule: Schedule) => runSchedule(serverId, schedule.id!),
    onSuccess: (answer) => setOutputEventId(answer.id),
  });
  const showScript = useMutation({
    mutationFn: (schedule: Schedule) => scheduleScript(serverId, schedule.id!),
    onSuccess: setScript,
  });

  const managed = list.data?.filter((item) => item.managed) ?? [];
  const unmanaged = list.data?.filter((item) => !item.managed) ?? [];
  const expressionText = (expression: string) =>
    expression === '@reboot'
      ? t('schedules.presets.onReboot')
      : (explainExpression(expression, i18n.language) ?? '');

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Stack spacing={0.5}>
          <PageTitle>{t('schedules.title')}</PageTitle>
          {server && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
              {t('serverPage.section', { name: server.display_name })}
            </Typography>
          )}
        </Stack>
        <Button variant="contained" onClick={() => setEditing('new')} data-testid="schedule-create">
          {t('schedules.create')}
        </Button>
      </Stack>
      {list.isPending && <LoadingIndicator />}
      {list.isError && <Alert severity="error">{t('schedules.loadFailed')}</Alert>}
      {list.data && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={t('schedules.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('schedules.columns.expression')}</TableCell>
                <TableCell>{t('schedules.columns.command')}</TableCell>
                <TableCell>{t('schedules.columns.user')}</TableCell>
                <TableCell>{t('schedules.columns.lastRun')}</TableCell>
                <TableCell align="right">{t('schedules.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {managed.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>{t('schedules.empty')}</TableCell>
                </TableRow>
              )}
              {managed.map((schedule) => {
                const busy = BUSY.has(schedule.status ?? '');
                return (
                  <TableRow key={schedule.id} data-testid={`schedule-row-${schedule.id}`}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                        {schedule.expression}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {expressionText(schedule.expression)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {schedule.command}
                    </TableCell>
                    <TableCell>{schedule.user}</TableCell>
                    <TableCell data-testid="schedule-last-run">
                      {busy ? (
                        <Chip size="small" label={t(`schedules.status.${schedule.status!}`)} />
                      ) : schedule.status === 'failed' ? (
                        <Chip size="small" color="error" label={t('schedules.status.failed')} />
                      ) : schedule.last_run ? (
                        <RunChip run={schedule.last_run} />
                      ) : (
                        t('schedules.neverRun')
                      )}
                    </TableCell>
                    <TableCell align="right">
                      <Stack
                        direction="row"
                        spacing={1}
                        sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}
                      >
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => run.mutate(schedule)}
                          data-testid={`schedule-run-${schedule.id}`}
                        >
                          {t('schedules.actions.run')}
                        </Button>
                        <Button
                          size="small"
                          onClick={() => setHistory(schedule)}
                          data-testid={`schedule-history-${schedule.id}`}
                        >
                          {t('schedules.actions.history')}
                        </Button>
                        <Button
                          size="small"
                          onClick={() => showScript.mutate(schedule)}
                          data-testid={`schedule-script-${schedule.id}`}
                        >
                          {t('schedules.actions.script')}
                        </Button>
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => setEditing(schedule)}
                          data-testid={`schedule-edit-${schedule.id}`}
                        >
                          {t('schedules.actions.edit')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={busy}
                          onClick={() => setDeleting(schedule)}
                          data-testid={`schedule-delete-${schedule.id}`}
                        >
                          {t('schedules.actions.delete')}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {unmanaged.length > 0 && (
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {t('schedules.unmanaged.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('schedules.unmanaged.help')}
          </Typography>
          <TableContainer component={Paper}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('schedules.unmanaged.source')}</TableCell>
                  <TableCell>{t('schedules.unmanaged.line')}</TableCell>
                  <TableCell align="right">{t('schedules.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {unmanaged.map((item, index) => (
                  <TableRow key={`${item.source}:${index}`} data-testid="schedule-unmanaged">
                    <TableCell>
                      {item.source === 'crontab'
                        ? t('schedules.unmanaged.crontabOf', { user: item.user })
                        : item.source}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {item.line}
                    </TableCell>
                    <TableCell align="right">
                      {item.adoptable && (
                        <Button size="small" onClick={() => setAdopting(item)} data-testid="schedule-adopt">
                          {t('schedules.actions.adopt')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Stack>
      )}
      {editing !== null && (
        <ScheduleDialog
          open
          serverId={serverId}
          schedule={editing === 'new' ? null : editing}
          defaultUser={server?.default_linux_user ?? 'hostdeck'}
          serverTimeZone={server?.timezone ?? 'UTC'}
          onClose={() => setEditing(null)}
          onStarted={() => void reload()}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('schedules.deleteTitle')}
        message={t('schedules.deleteConfirm', { command: deleting?.command ?? '' })}
        confirmLabel={t('schedules.actions.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await deleteSchedule(serverId, deleting.id!);
          await reload();
        }}
      />
      <ConfirmDialog
        open={adopting !== null}
        title={t('schedules.adoptTitle')}
        message={t('schedules.adoptConfirm', { line: adopting?.line ?? '', user: adopting?.user ?? '' })}
        confirmLabel={t('schedules.actions.adopt')}
        onClose={() => setAdopting(null)}
        onConfirm={async () => {
          if (adopting) await adoptSchedule(serverId, adopting.user, adopting.line!);
          await reload();
        }}
      />
      {history && <RunsDialog serverId={serverId} schedule={history} onClose={() => setHistory(null)} />}
      {script !== null && <ScriptDialog script={script} onClose={() => setScript(null)} />}
      {outputEventId !== null && (
        <Suspense fallback={null}>
          <EventOutputDialog
            eventId={outputEventId}
            onClose={() => {
              setOutputEventId(null);
              void reload();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
