import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LINUX_USER } from '@hostdeck/contracts';
import {
  supervisorSection,
  type CreateSupervisorProgramRequest,
  type SupervisorAction,
  type SupervisorProgram,
  type SupervisorState,
} from '@hostdeck/contracts/supervisor';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useSectionActions, useSectionList } from '../../server-sections/use-server-section';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { LogDialog } from './LogDialog';
import { ProgramDialog } from './ProgramDialog';
import { emptyProgramForm, programFormOf, type ProgramFormValues } from './program-form';

const STATE_COLORS: Record<SupervisorState, 'success' | 'error' | 'warning' | 'default' | 'info'> = {
  RUNNING: 'success',
  STARTING: 'info',
  STOPPING: 'info',
  STOPPED: 'default',
  EXITED: 'warning',
  BACKOFF: 'error',
  FATAL: 'error',
  UNKNOWN: 'warning',
};

/**
 * `/servers/{server}/supervisor` (servers.supervisor, spec/000 §2, §7 supervisor): the programs
 * supervisord runs, read from the server; the panel's can be edited and deleted, hand-written
 * ones are shown as unmanaged and only started, stopped, restarted and read. Each change is an
 * event: the row stays busy until it ends, then the list is read again.
 */
export function SupervisorPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const list = useSectionList(supervisorSection, serverId, {});
  const actions = useSectionActions(supervisorSection, serverId);
  const [form, setForm] = useState<{ initial: ProgramFormValues; editing: boolean } | null>(null);
  const [deleting, setDeleting] = useState<SupervisorProgram | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);

  const control = (program: SupervisorProgram, action: SupervisorAction) =>
    void actions.run(program.name, 'control', { params: { program: program.name, action } });

  const save = async (body: CreateSupervisorProgramRequest) => {
    if (form?.editing) {
      const { name, ...settings } = body;
      await actions.run(name, 'update', { params: { program: name }, body: settings }, { rethrow: true });
    } else {
      await actions.run(body.name, 'create', { body }, { rethrow: true });
    }
  };

  return (
    <Stack spacing={3} data-testid="supervisor-page">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={0.5} sx={{ flexGrow: 1 }}>
          <PageTitle>{t('supervisor.title')}</PageTitle>
          {server && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('serverPage.section', { name: server.display_name })}
            </Typography>
          )}
        </Stack>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          data-testid="supervisor-create"
          onClick={() => setForm({ initial: emptyProgramForm(DEFAULT_LINUX_USER), editing: false })}
        >
          {t('supervisor.create')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('supervisor.intro')}
      </Typography>
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
          {list.error.message || t('supervisor.loadFailed')}
        </Alert>
      ) : list.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="supervisor-empty">
          <Typography>{t('supervisor.empty')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table data-testid="supervisor-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('supervisor.columns.name')}</TableCell>
                  <TableCell>{t('supervisor.columns.command')}</TableCell>
                  <TableCell>{t('supervisor.columns.user')}</TableCell>
                  <TableCell>{t('supervisor.columns.state')}</TableCell>
                  <TableCell align="right">{t('supervisor.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.map((program) => {
                  const busy = actions.isBusy(program.name);
                  const pid = program.processes.find((process) => process.pid !== null)?.pid ?? null;
                  const button = (action: SupervisorAction, testId = action) => (
                    <Button
                      key={action}
                      size="small"
                      disabled={busy}
                      data-testid={`supervisor-${testId}`}
                      onClick={() => control(program, action)}
                    >
                      {t(`supervisor.actions.${action}`)}
                    </Button>
                  );
                  return (
                    <Fragment key={program.name}>
                      <TableRow
                        data-testid="supervisor-row"
                        data-name={program.name}
                        data-managed={program.managed}
                        data-state={program.state ?? ''}
                        data-pid={pid ?? ''}
                        data-busy={busy}
                      >
                        <TableCell>
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                              {program.name}
                            </Typography>
                            {!program.managed && (
                              <Chip
                                size="small"
                                variant="outlined"
                                label={t('supervisor.unmanaged')}
                                title={t('supervisor.unmanagedHelp', { file: program.file ?? '' })}
                                data-testid="supervisor-unmanaged"
                              />
                            )}
                          </Stack>
                          {program.numprocs > 1 && (
                            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                              {t('supervisor.processes', { count: program.numprocs })}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}>
                          {program.command ?? '—'}
                          {program.directory && (
                            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                              {program.directory}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>{program.user ?? 'root'}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={program.state ? STATE_COLORS[program.state] : 'default'}
                            label={
                              program.state
                                ? t(`supervisor.states.${program.state}`)
                                : t('supervisor.notLoaded')
                            }
                            data-testid="supervisor-state"
                          />
                          {pid !== null && (
                            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                              {t('supervisor.pid', { pid })}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell align="right">
                          <Stack
                            direction="row"
                            spacing={0.5}
                            sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}
                          >
                            {button('start')}
                            {button('stop')}
                            {button('restart')}
                            <Button
                              size="small"
                              data-testid="supervisor-log"
                              onClick={() => setLogOf(program.name)}
                            >
                              {t('supervisor.actions.log')}
                            </Button>
                            {button('clear-log')}
                            {program.managed && (
                              <Button
                                size="small"
                                disabled={busy}
                                data-testid="supervisor-edit"
                                onClick={() => setForm({ initial: programFormOf(program), editing: true })}
                              >
                                {t('supervisor.actions.edit')}
                              </Button>
                            )}
                            {program.managed && (
                              <Button
                                size="small"
                                color="error"
                                disabled={busy}
                                data-testid="supervisor-delete"
                                onClick={() => setDeleting(program)}
                              >
                                {t('supervisor.actions.delete')}
                              </Button>
                            )}
                          </Stack>
                        </TableCell>
                      </TableRow>
                      {program.errors.length > 0 && (
                        <TableRow data-testid="supervisor-errors" data-name={program.name}>
                          <TableCell colSpan={5}>
                            <Alert severity="error">
                              <Typography variant="body2">{t('supervisor.lastErrors')}</Typography>
                              <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
                                {program.errors.join('\n')}
                              </Box>
                            </Alert>
                          </TableCell>
                        </TableRow>
                      )}
                    </Fragment>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      {form && (
        <ProgramDialog
          open
          initial={form.initial}
          editing={form.editing}
          onClose={() => setForm(null)}
          onSubmit={save}
        />
      )}
      {logOf !== null && <LogDialog serverId={serverId} program={logOf} onClose={() => setLogOf(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('supervisor.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('supervisor.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('supervisor.actions.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) {
            await actions.run(
              deleting.name,
              'delete',
              { params: { program: deleting.name } },
              { rethrow: true },
            );
          }
        }}
      />
    </Stack>
  );
}
