import AddIcon from '@mui/icons-material/Add';
import LockIcon from '@mui/icons-material/Lock';
import SyncIcon from '@mui/icons-material/Sync';
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
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firewallSection, type FirewallRule } from '@hostdeck/contracts/firewall';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useSectionActions } from '../../server-sections/use-server-section';
import { ListeningPortsTable } from '../listening-ports/ListeningPortsTable';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { CreateRuleDialog } from './CreateRuleDialog';
import { deleteRequestOf, ruleKey, useFirewallList } from './firewall-api';

/**
 * `/servers/{server}/network` (servers.network, spec/000 §2, §7 firewall rules): ufw's rules as
 * read from the server, the panel's own (tagged) deletable, rules added by hand shown and kept, the
 * SSH and agent ports locked; create, delete and sync, each a safe apply (the server puts the
 * previous rules back by itself unless the panel reconnects). Beside them, the ports actually
 * listening, and a warning when Docker publishes ports past ufw.
 */
export function FirewallPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const list = useFirewallList(serverId);
  const actions = useSectionActions(firewallSection, serverId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<FirewallRule | null>(null);
  const infos = list.data?.infos;
  const rules = list.data?.data ?? [];

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('firewall.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {infos && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={infos.active ? 'success' : 'default'}
              label={infos.active ? t('firewall.active') : t('firewall.inactive')}
              data-testid="firewall-status"
              data-active={infos.active}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="firewall-ssh-ports">
              {t('firewall.sshPorts', { ports: infos.ssh_ports.join(', ') || '—' })}
              {infos.agent_port !== null ? ` · ${t('firewall.agentPort', { port: infos.agent_port })}` : ''}
            </Typography>
          </Stack>
        )}
        <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' } }}>
          <Button
            variant="outlined"
            startIcon={<SyncIcon />}
            loading={actions.isBusy('sync')}
            onClick={() => void actions.run('sync', 'sync', {})}
            data-testid="firewall-sync"
          >
            {t('firewall.sync')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            data-testid="firewall-add"
          >
            {t('firewall.add')}
          </Button>
        </Stack>
      </Stack>
      <Alert severity="info" data-testid="firewall-safe-apply">
        {t('firewall.safeApply')}
      </Alert>
      {infos && !infos.active && (
        <Alert severity="warning" data-testid="firewall-inactive">
          {t('firewall.inactiveWarning')}
        </Alert>
      )}
      {infos && !infos.ipv6 && (
        <Alert severity="warning" data-testid="firewall-ipv6-off">
          {t('firewall.ipv6Off')}
        </Alert>
      )}
      {infos?.docker && (
        <Alert severity="warning" data-testid="firewall-docker-warning">
          {t('firewall.dockerWarning')}
        </Alert>
      )}
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
          {list.error.message || t('firewall.loadFailed')}
        </Alert>
      ) : (
        <>
          <Typography variant="h6" component="h2">
            {t('firewall.rules')}
          </Typography>
          {rules.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="firewall-empty">
              <Typography>{t('firewall.empty')}</Typography>
            </Paper>
          ) : (
            <Paper variant="outlined">
              <TableContainer>
                <Table size="small" data-testid="firewall-rules">
                  <TableHead>
                    <TableRow>
                      <TableCell>#</TableCell>
                      <TableCell>{t('firewall.columns.name')}</TableCell>
                      <TableCell>{t('firewall.columns.action')}</TableCell>
                      <TableCell>{t('firewall.columns.port')}</TableCell>
                      <TableCell>{t('firewall.columns.protocol')}</TableCell>
                      <TableCell>{t('firewall.columns.source')}</TableCell>
                      <TableCell align="right">{t('firewall.columns.actions')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rules.map((rule) => (
                      <RuleRow
                        key={`${rule.number}-${rule.v6}`}
                        rule={rule}
                        busy={actions.isBusy(ruleKey(rule))}
                        onDelete={() => setDeleting(rule)}
                      />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Paper>
          )}
          <ListeningPortsTable
            serverId={serverId}
            title={t('listeningPorts.title')}
            testId="firewall-listening"
          />
        </>
      )}
      <CreateRuleDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSubmit={async (body) => {
          await actions.run(`create ${body.name}`, 'create', { body }, { rethrow: true });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('firewall.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('firewall.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('firewall.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting)
            await actions.run(
              ruleKey(deleting),
              'delete',
              { body: deleteRequestOf(deleting) },
              { rethrow: true },
            );
        }}
      />
    </Stack>
  );
}

function RuleRow({ rule, busy, onDelete }: { rule: FirewallRule; busy: boolean; onDelete: () => void }) {
  const { t } = useTranslation();
  const known = (group: 'actions' | 'protocols', value: string) =>
    t(`firewall.${group}.${value as 'allow'}`, { defaultValue: value });
  return (
    <TableRow
      hover
      data-testid="firewall-rule-row"
      data-name={rule.name ?? ''}
      data-port={rule.port}
      data-managed={rule.managed}
      data-locked={rule.locked}
      data-v6={rule.v6}
      data-busy={busy}
    >
      <TableCell>{rule.number}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: rule.managed ? 600 : 400 }}>
            {rule.name ?? t('firewall.byHand')}
          </Typography>
          {rule.locked && (
            <Tooltip title={t('firewall.locked')}>
              <LockIcon
                fontSize="small"
                color="warning"
                aria-label={t('firewall.locked')}
                data-testid="firewall-rule-locked"
              />
            </Tooltip>
          )}
          {rule.managed && <Chip size="small" label={t('firewall.managed')} />}
          {rule.v6 && <Chip size="small" variant="outlined" label="IPv6" />}
          {busy && <CircularProgress size={14} />}
        </Stack>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={rule.action === 'allow' ? 'success' : rule.action === 'deny' ? 'error' : 'default'}
          label={known('actions', rule.action)}
        />
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>{rule.port}</TableCell>
      <TableCell>{known('protocols', rule.protocol)}</TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>
        {rule.source === 'any' ? t('firewall.anywhere') : rule.source}
      </TableCell>
      <TableCell align="right">
        {rule.managed && !rule.locked && (
          <Button
            size="small"
            color="error"
            disabled={busy}
            onClick={onDelete}
            data-testid="firewall-rule-delete"
          >
            {t('firewall.delete')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
