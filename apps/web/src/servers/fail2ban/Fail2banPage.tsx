import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIpOrCidr } from '@hostdeck/contracts';
import { fail2banSection, type Fail2banJail, type Fail2banPreset } from '@hostdeck/contracts/fail2ban';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useSectionActions } from '../../server-sections/use-server-section';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { BanDialog } from './BanDialog';
import { formatSeconds, useFail2banList } from './fail2ban-api';
import { JailDialog, type JailDialogTarget } from './JailDialog';

/**
 * `/servers/{server}/fail2ban` (servers.fail2ban, spec/000 §2, §7): the jails as Fail2Ban runs them
 * (state, maxretry, findtime, bantime, the banned addresses with their time left), create from a
 * preset, change, enable, disable and delete the panel's own; unban and ban by hand; the
 * allow-list (the panel's own address always on it). Every file change is a safe apply.
 */
export function Fail2banPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const list = useFail2banList(serverId);
  const actions = useSectionActions(fail2banSection, serverId);
  const [editing, setEditing] = useState<JailDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<Fail2banJail | null>(null);
  const [banning, setBanning] = useState(false);

  const infos = list.data?.infos.fail2ban;
  const jails = list.data?.data ?? [];

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('fail2ban.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
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
          {list.error.message || t('fail2ban.loadFailed')}
        </Alert>
      ) : (
        <>
          {infos && !infos.running && (
            <Alert
              severity="warning"
              data-testid="fail2ban-stopped"
              action={
                <Button
                  color="inherit"
                  size="small"
                  loading={actions.isBusy('start')}
                  onClick={() => void actions.run('start', 'start', {})}
                  data-testid="fail2ban-start"
                >
                  {t('fail2ban.start')}
                </Button>
              }
            >
              {infos.installed ? t('fail2ban.stopped') : t('fail2ban.notInstalled')}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              variant="outlined"
              startIcon={<BlockIcon />}
              disabled={!infos?.running || jails.every((jail) => !jail.running)}
              onClick={() => setBanning(true)}
              data-testid="fail2ban-ban"
            >
              {t('fail2ban.ban')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing({ preset: null, mode: 'create' })}
              data-testid="fail2ban-add-jail"
            >
              {t('fail2ban.addJail')}
            </Button>
          </Stack>
          {jails.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="fail2ban-empty">
              <Typography>{t('fail2ban.empty')}</Typography>
            </Paper>
          ) : (
            <Paper variant="outlined">
              <TableContainer>
                <Table size="small" data-testid="fail2ban-jails">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('fail2ban.columns.jail')}</TableCell>
                      <TableCell>{t('fail2ban.columns.settings')}</TableCell>
                      <TableCell>{t('fail2ban.columns.banned')}</TableCell>
                      <TableCell align="right">{t('fail2ban.columns.actions')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {jails.map((jail) => (
                      <JailRow
                        key={jail.name}
                        jail={jail}
                        busy={actions.isBusy(`jail:${jail.name}`)}
                        isBusy={actions.isBusy}
                        onUnban={(ip) =>
                          void actions.run(`unban:${jail.name}:${ip}`, 'unban', {
                            body: { ip, jail: jail.name },
                          })
                        }
                        onEdit={() =>
                          jail.preset &&
                          setEditing({
                            preset: jail.preset,
                            mode: jail.managed ? 'update' : 'create',
                            settings: {
                              ...(jail.maxretry !== null ? { maxretry: jail.maxretry } : {}),
                              ...(jail.findtime !== null ? { findtime: jail.findtime } : {}),
                              ...(jail.bantime !== null && jail.bantime > 0 ? { bantime: jail.bantime } : {}),
                            },
                          })
                        }
                        onToggle={() =>
                          jail.preset &&
                          void actions.run(`jail:${jail.name}`, jail.enabled ? 'disableJail' : 'enableJail', {
                            params: { jail: jail.preset },
                          })
                        }
                        onDelete={() => setDeleting(jail)}
                      />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Paper>
          )}
          {infos && (
            <AllowList
              panelIp={infos.panel_ip}
              allowList={infos.allow_list}
              busy={actions.isBusy('allow-list')}
              onSave={(ips) => actions.run('allow-list', 'allowList', { body: { ips } }, { rethrow: true })}
            />
          )}
        </>
      )}
      <JailDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSubmit={async (preset: Fail2banPreset, settings, mode) => {
          if (mode === 'update')
            await actions.run(
              `jail:${preset}`,
              'updateJail',
              { params: { jail: preset }, body: settings },
              { rethrow: true },
            );
          else
            await actions.run(
              `jail:${preset}`,
              'createJail',
              { body: { preset, ...settings } },
              { rethrow: true },
            );
        }}
      />
      <BanDialog
        open={banning}
        jails={jails.filter((jail) => jail.running).map((jail) => jail.name)}
        onClose={() => setBanning(false)}
        onSubmit={async (body) => {
          await actions.run(`ban:${body.jail}:${body.ip}`, 'ban', { body }, { rethrow: true });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('fail2ban.deleteTitle', { jail: deleting?.name ?? '' })}
        message={t('fail2ban.deleteConfirm', { jail: deleting?.name ?? '' })}
        confirmLabel={t('fail2ban.actions.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting?.preset)
            await actions.run(
              `jail:${deleting.name}`,
              'deleteJail',
              { params: { jail: deleting.preset } },
              { rethrow: true },
            );
        }}
      />
    </Stack>
  );
}

function JailRow({
  jail,
  busy,
  isBusy,
  onUnban,
  onEdit,
  onToggle,
  onDelete,
}: {
  jail: Fail2banJail;
  busy: boolean;
  isBusy: (key: string) => boolean;
  onUnban: (ip: string) => void;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TableRow
      hover
      data-testid="fail2ban-jail-row"
      data-jail={jail.name}
      data-running={jail.running}
      data-managed={jail.managed}
      data-busy={busy}
      sx={{ verticalAlign: 'top' }}
    >
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
            {jail.name}
          </Typography>
          <Chip
            size="small"
            color={jail.running ? 'success' : 'default'}
            label={jail.running ? t('fail2ban.running') : t('fail2ban.disabled')}
          />
          {jail.managed && <Chip size="small" label={t('fail2ban.managed')} data-testid="fail2ban-managed" />}
          {busy && <CircularProgress size={14} />}
        </Stack>
        {jail.running && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('fail2ban.counters', { failed: jail.currently_failed, total: jail.total_banned })}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Typography variant="body2" data-testid="fail2ban-settings">
          {t('fail2ban.settings', {
            maxretry: jail.maxretry ?? '—',
            findtime: formatSeconds(jail.findtime),
            bantime: formatSeconds(jail.bantime),
          })}
        </Typography>
      </TableCell>
      <TableCell>
        {jail.banned.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('fail2ban.noBans')}
          </Typography>
        ) : (
          <Stack spacing={0.5}>
            {jail.banned.map((ban) => (
              <Stack
                key={ban.ip}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center' }}
                data-testid="fail2ban-banned-ip"
                data-ip={ban.ip}
              >
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {ban.ip}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {ban.seconds_left === null
                    ? t('fail2ban.forever')
                    : t('fail2ban.timeLeft', { time: formatSeconds(ban.seconds_left) })}
                </Typography>
                <Button
                  size="small"
                  loading={isBusy(`unban:${jail.name}:${ban.ip}`)}
                  onClick={() => onUnban(ban.ip)}
                  data-testid="fail2ban-unban"
                >
                  {t('fail2ban.actions.unban')}
                </Button>
              </Stack>
            ))}
          </Stack>
        )}
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {jail.preset && (
            <Button size="small" disabled={busy} onClick={onEdit} data-testid="fail2ban-edit">
              {jail.managed ? t('fail2ban.actions.edit') : t('fail2ban.actions.takeOver')}
            </Button>
          )}
          {jail.managed && (
            <Button size="small" disabled={busy} onClick={onToggle} data-testid="fail2ban-toggle">
              {jail.enabled ? t('fail2ban.actions.disable') : t('fail2ban.actions.enable')}
            </Button>
          )}
          {jail.managed && (
            <Button
              size="small"
              color="error"
              disabled={busy}
              onClick={onDelete}
              data-testid="fail2ban-delete"
            >
              {t('fail2ban.actions.delete')}
            </Button>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

function AllowList({
  panelIp,
  allowList,
  busy,
  onSave,
}: {
  panelIp: string | null;
  allowList: readonly string[];
  busy: boolean;
  onSave: (ips: string[]) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = async () => {
    const value = adding.trim();
    if (!isIpOrCidr(value)) return setProblem(t('fail2ban.messages.ipOrCidr'));
    if (allowList.includes(value)) return setProblem(t('fail2ban.messages.duplicate'));
    setProblem(null);
    try {
      await onSave([...allowList, value]);
      setAdding('');
    } catch {
      // Reported by the query client.
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="fail2ban-allow-list">
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('fail2ban.allowList.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('fail2ban.allowList.help')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {panelIp && (
            <Chip
              icon={<LockIcon />}
              label={t('fail2ban.allowList.panel', { ip: panelIp })}
              data-testid="fail2ban-allow-panel"
            />
          )}
          {allowList.map((ip) => (
            <Chip
              key={ip}
              label={ip}
              disabled={busy}
              onDelete={() => void onSave(allowList.filter((other) => other !== ip)).catch(() => undefined)}
              data-testid="fail2ban-allow-entry"
              data-ip={ip}
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('fail2ban.allowList.address')}
            value={adding}
            onChange={(event) => {
              setAdding(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? t('fail2ban.allowList.addressHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'fail2ban-allow-input' } }}
          />
          <Button
            variant="outlined"
            loading={busy}
            onClick={() => void add()}
            data-testid="fail2ban-allow-add"
          >
            {t('fail2ban.allowList.add')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
