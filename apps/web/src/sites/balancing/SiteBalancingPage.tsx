import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import {
  BALANCING_MAX_NODES,
  BALANCING_METHODS,
  type Balancing,
  type BalancingMethod,
} from '@hostdeck/contracts/balancing';
import { notifySuccess } from '../../api/error-handling';
import { fieldErrorsOf } from '../../api/form-errors';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useRouteSite } from '../use-site';
import {
  balancingKey,
  balancingQuery,
  deployToNodes,
  setBalancingEnabled,
  storeBalancing,
} from './balancing-api';

interface NodeRow {
  server_id: number;
  port: number;
  weight: number;
  backup: boolean;
  down: boolean;
}

interface Draft {
  method: BalancingMethod;
  max_fails: number;
  fail_timeout: number;
  nodes: NodeRow[];
}

const draftOf = (balancing: Balancing): Draft => ({
  method: balancing.method,
  max_fails: balancing.max_fails,
  fail_timeout: balancing.fail_timeout,
  nodes: balancing.nodes.map(({ server_id, port, weight, backup, down }) => ({
    server_id,
    port,
    weight,
    backup,
    down,
  })),
});

/** What the form was made from: the stored configuration, without the candidates' details. */
const storedKeyOf = (balancing: Balancing) => JSON.stringify([balancing.enabled, draftOf(balancing)]);

/** A number field's value: NaN while empty, so the schema refuses it with its own message. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/**
 * `/sites/{site}/balancing` (sites.balancing): the site as an nginx load balancer over the same
 * site on other servers of its owner (docs/balancing.md). The method and passive health check,
 * the node table (server, port, weight, backup, drained), save, and enable or disable. The nodes
 * are picked among the servers that hold a site of the same domain: no address is ever typed.
 */
export function SiteBalancingPage() {
  const { data: site } = useRouteSite();
  const siteId = site?.id ?? 0;
  const query = useQuery({ ...balancingQuery(siteId), enabled: siteId > 0 });
  if (!site || !query.data) return <LoadingIndicator />;
  // A fresh form only when the stored configuration changes (a save, enable or disable), not at
  // every refetch: a finished event of the site refetches the same answer, and the user's unsaved
  // edits must survive it. The rolling deploy stays outside the form, so its output survives too.
  return (
    <Stack spacing={3}>
      <BalancingForm key={storedKeyOf(query.data)} site={site} balancing={query.data} />
      {query.data.enabled && <RollingDeploy siteId={siteId} />}
    </Stack>
  );
}

/** Deploy to all nodes, one at a time (POST …/balancing/deploy), and the output of the last one started. */
function RollingDeploy({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const [eventId, setEventId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const deploy = useMutation({
    mutationFn: () => deployToNodes(siteId),
    onSuccess: (started) => {
      setErrors({});
      setEventId(started);
      notifySuccess();
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  const messages = Object.values(errors);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="balancing-deploy-card">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('siteBalancing.deploy.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('siteBalancing.deploy.description')}
        </Typography>
        {messages.length > 0 && (
          <Alert severity="error" data-testid="balancing-deploy-errors">
            {messages.join(' ')}
          </Alert>
        )}
        <Stack direction="row">
          <Button
            variant="contained"
            onClick={() => deploy.mutate()}
            loading={deploy.isPending}
            data-testid="balancing-deploy"
          >
            {t('siteBalancing.deploy.start')}
          </Button>
        </Stack>
        {eventId !== null && (
          <LiveEventOutput
            eventId={eventId}
            title={t('siteBalancing.deploy.output')}
            testId="balancing-deploy-output"
          />
        )}
      </Stack>
    </Paper>
  );
}

function BalancingForm({ site, balancing }: { site: SiteDetail; balancing: Balancing }) {
  const { t } = useTranslation();
  const siteId = site.id;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(balancing));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const refresh = async () => queryClient.invalidateQueries({ queryKey: balancingKey(siteId) });
  const save = useMutation({
    mutationFn: (value: Draft) => storeBalancing(siteId, value),
    onSuccess: async () => {
      setErrors({});
      await refresh();
      notifySuccess();
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => setBalancingEnabled(siteId, enabled),
    onSuccess: async () => {
      setErrors({});
      await refresh();
      notifySuccess();
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });

  const candidates = balancing.candidates;
  const used = new Set(draft.nodes.map((node) => node.server_id));
  const free = candidates.filter((candidate) => !used.has(candidate.server_id));
  const busy = save.isPending || toggle.isPending;

  const update = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const updateNode = (index: number, patch: Partial<NodeRow>) =>
    update({ nodes: draft.nodes.map((node, at) => (at === index ? { ...node, ...patch } : node)) });
  const addNode = () => {
    const next = free[0];
    if (!next) return;
    update({
      nodes: [...draft.nodes, { server_id: next.server_id, port: 80, weight: 1, backup: false, down: false }],
    });
  };
  const messages = Object.entries(errors);

  return (
    <Stack spacing={3} data-testid="site-balancing-page">
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <PageTitle>{t('siteBalancing.title')}</PageTitle>
          <Chip
            size="small"
            color={balancing.enabled ? 'success' : 'default'}
            label={balancing.enabled ? t('siteBalancing.enabled') : t('siteBalancing.disabled')}
            data-testid="balancing-status"
          />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('siteBalancing.intro', { site: site.name })}
        </Typography>
      </Stack>

      {site.web_server !== 'nginx' && <Alert severity="warning">{t('siteBalancing.nginxOnly')}</Alert>}
      {candidates.length === 0 && (
        <Alert severity="info" data-testid="balancing-no-candidates">
          {t('siteBalancing.noCandidates', { site: site.name })}
        </Alert>
      )}
      {messages.length > 0 && (
        <Alert severity="error" data-testid="balancing-errors">
          {messages.map(([field, message]) => (
            <div key={field}>{message}</div>
          ))}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              label={t('siteBalancing.method')}
              value={draft.method}
              onChange={(event) => update({ method: event.target.value as BalancingMethod })}
              sx={{ minWidth: 220 }}
              slotProps={{ htmlInput: { 'data-testid': 'balancing-method' } }}
            >
              {BALANCING_METHODS.map((method) => (
                <MenuItem key={method} value={method}>
                  {t(`siteBalancing.methods.${method}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="number"
              label={t('siteBalancing.maxFails')}
              helperText={t('siteBalancing.maxFailsHelp')}
              value={Number.isNaN(draft.max_fails) ? '' : draft.max_fails}
              onChange={(event) => update({ max_fails: numberOf(event.target.value) })}
            />
            <TextField
              size="small"
              type="number"
              label={t('siteBalancing.failTimeout')}
              helperText={t('siteBalancing.failTimeoutHelp')}
              value={Number.isNaN(draft.fail_timeout) ? '' : draft.fail_timeout}
              onChange={(event) => update({ fail_timeout: numberOf(event.target.value) })}
            />
          </Stack>

          <Table size="small" data-testid="balancing-nodes">
            <TableHead>
              <TableRow>
                <TableCell>{t('siteBalancing.server')}</TableCell>
                <TableCell>{t('siteBalancing.port')}</TableCell>
                <TableCell>{t('siteBalancing.weight')}</TableCell>
                <TableCell>{t('siteBalancing.backup')}</TableCell>
                <TableCell>{t('siteBalancing.drain')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {draft.nodes.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('siteBalancing.empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {draft.nodes.map((node, index) => {
                const choices = candidates.filter(
                  (candidate) => candidate.server_id === node.server_id || !used.has(candidate.server_id),
                );
                return (
                  <TableRow key={`${node.server_id}-${index}`} data-testid={`balancing-node-${index}`}>
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        value={node.server_id}
                        onChange={(event) => updateNode(index, { server_id: Number(event.target.value) })}
                        sx={{ minWidth: 200 }}
                        slotProps={{ htmlInput: { 'aria-label': t('siteBalancing.server') } }}
                      >
                        {choices.map((candidate) => (
                          <MenuItem key={candidate.server_id} value={candidate.server_id}>
                            {candidate.server_name} ({candidate.server_ip})
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        type="number"
                        value={Number.isNaN(node.port) ? '' : node.port}
                        onChange={(event) => updateNode(index, { port: numberOf(event.target.value) })}
                        sx={{ width: 100 }}
                        slotProps={{ htmlInput: { 'aria-label': t('siteBalancing.port') } }}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        type="number"
                        value={Number.isNaN(node.weight) ? '' : node.weight}
                        onChange={(event) => updateNode(index, { weight: numberOf(event.target.value) })}
                        sx={{ width: 90 }}
                        slotProps={{ htmlInput: { 'aria-label': t('siteBalancing.weight') } }}
                      />
                    </TableCell>
                    <TableCell>
                      <Checkbox
                        checked={node.backup}
                        onChange={(event) => updateNode(index, { backup: event.target.checked })}
                        slotProps={{ input: { 'aria-label': t('siteBalancing.backup') } }}
                      />
                    </TableCell>
                    <TableCell>
                      <Switch
                        checked={node.down}
                        onChange={(event) => updateNode(index, { down: event.target.checked })}
                        slotProps={{ input: { 'aria-label': t('siteBalancing.drain') } }}
                      />
                    </TableCell>
                    <TableCell align="right">
                      <IconButton
                        aria-label={t('siteBalancing.remove')}
                        onClick={() => update({ nodes: draft.nodes.filter((_, at) => at !== index) })}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>

          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            <Button
              startIcon={<AddIcon />}
              onClick={addNode}
              disabled={free.length === 0 || draft.nodes.length >= BALANCING_MAX_NODES}
              data-testid="balancing-add-node"
            >
              {t('siteBalancing.add')}
            </Button>
            <Button
              variant="contained"
              onClick={() => save.mutate(draft)}
              disabled={busy}
              data-testid="balancing-save"
            >
              {balancing.enabled ? t('siteBalancing.saveApply') : t('siteBalancing.save')}
            </Button>
            <Button
              variant="outlined"
              color={balancing.enabled ? 'error' : 'primary'}
              onClick={() => toggle.mutate(!balancing.enabled)}
              disabled={busy || (!balancing.enabled && balancing.nodes.length === 0)}
              data-testid="balancing-toggle"
            >
              {balancing.enabled ? t('siteBalancing.disable') : t('siteBalancing.enable')}
            </Button>
          </Stack>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('siteBalancing.note')}
          </Typography>
        </Stack>
      </Paper>
    </Stack>
  );
}
