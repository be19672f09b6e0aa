import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Container } from '@hostdeck/contracts/docker-containers';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { formatBytes } from '../../../format/format';
import { useContainerStats } from './containers-api';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 160, flex: 1 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h6" data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

/** A container's stats, live (one sample a second): CPU, memory, network and block I/O. */
export function ContainerStatsDialog({
  serverId,
  container,
  onClose,
}: {
  serverId: number;
  container: Container | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const stats = useContainerStats(serverId, container ? `${container.id}` : null, attempt);
  const latest = stats.items.at(-1);
  const bytes = (value: number) => formatBytes(value, i18n.language);
  const percent = (value: number) => `${value.toLocaleString(i18n.language, { maximumFractionDigits: 2 })} %`;

  return (
    <Dialog open={container !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('docker.containers.stats.title', { name: container?.name ?? '' })}</DialogTitle>
      <DialogContent dividers>
        {stats.state === 'error' || stats.state === 'ended' ? (
          <Alert
            severity={stats.state === 'error' ? 'error' : 'info'}
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => setAttempt((value) => value + 1)}>
                {t('docker.containers.reconnect')}
              </Button>
            }
          >
            {stats.message ??
              t(stats.state === 'error' ? 'docker.containers.streamFailed' : 'docker.containers.streamEnded')}
          </Alert>
        ) : null}
        {!latest ? (
          stats.state === 'connecting' || stats.state === 'open' ? (
            <LoadingIndicator />
          ) : null
        ) : (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Figure
                label={t('docker.containers.stats.cpu')}
                value={percent(latest.cpu_percent)}
                testId="docker-stats-cpu"
              />
              <Figure
                label={t('docker.containers.stats.memory')}
                value={`${bytes(latest.memory_usage)} / ${bytes(latest.memory_limit)}`}
                testId="docker-stats-memory"
              />
              <Figure
                label={t('docker.containers.stats.pids')}
                value={String(latest.pids)}
                testId="docker-stats-pids"
              />
            </Stack>
            <LinearProgress variant="determinate" value={Math.min(100, latest.memory_percent)} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Figure
                label={t('docker.containers.stats.network')}
                value={`↓ ${bytes(latest.network_rx)} · ↑ ${bytes(latest.network_tx)}`}
                testId="docker-stats-network"
              />
              <Figure
                label={t('docker.containers.stats.block')}
                value={`${t('docker.containers.stats.read')} ${bytes(latest.block_read)} · ${t('docker.containers.stats.write')} ${bytes(latest.block_write)}`}
                testId="docker-stats-block"
              />
            </Stack>
            <Box>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('docker.containers.stats.history', { count: stats.items.length })}
              </Typography>
              <Stack
                direction="row"
                spacing="2px"
                sx={{ alignItems: 'flex-end', height: 60 }}
                data-testid="docker-stats-history"
              >
                {stats.items.map((sample) => (
                  <Box
                    key={sample.read}
                    title={percent(sample.cpu_percent)}
                    sx={{
                      width: 6,
                      height: `${Math.max(2, Math.min(100, sample.cpu_percent / Math.max(1, latest.online_cpus)))}%`,
                      bgcolor: 'primary.main',
                    }}
                  />
                ))}
              </Stack>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('docker.containers.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
