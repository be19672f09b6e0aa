import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemInfo } from '@hostdeck/contracts';
import { formatBytes, formatLoad, uptimeParts, usagePercent } from '../../format/format';
import { systemInfoQuery } from '../server-api';
import { LoadFailure } from '../../components/LoadFailure';

/** System information read live from the server (GET systeminfo): OS, CPU, memory, disk, load, uptime. */
export function SystemInfoCard({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const query = useQuery(systemInfoQuery(serverId));

  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="system-info">
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {t('serverShow.systemInfo.title')}
          </Typography>
          <Tooltip title={t('serverShow.systemInfo.refresh')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('serverShow.systemInfo.refresh')}
                disabled={query.isFetching}
                onClick={() => void query.refetch()}
                data-testid="system-info-refresh"
              >
                <RefreshIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        {query.isPending ? (
          <Stack spacing={1}>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} height={28} />
            ))}
          </Stack>
        ) : query.isError ? (
          <LoadFailure
            testId="system-info-failure"
            title={t('serverShow.systemInfo.loadFailed')}
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <SystemInfoDetails info={query.data} />
        )}
      </Stack>
    </Paper>
  );
}

function SystemInfoDetails({ info }: { info: SystemInfo }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const uptime = uptimeParts(info.uptime_seconds)
    .map(([unit, count]) => t(`serverShow.systemInfo.${unit}`, { count }))
    .join(' ');
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 4,
        rowGap: { xs: 0.5, sm: 1.5 },
      }}
    >
      <Detail label={t('serverShow.systemInfo.os')} testId="system-info-os">
        {info.os}
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
          {info.kernel}
        </Typography>
      </Detail>
      <Detail label={t('serverShow.systemInfo.hostname')}>{info.hostname}</Detail>
      <Detail label={t('serverShow.systemInfo.cpu')} testId="system-info-cpu">
        {t('serverShow.systemInfo.cpuValue', { model: info.cpu_model, count: info.cpu_cores })}
      </Detail>
      <Detail label={t('serverShow.systemInfo.memory')} testId="system-info-memory">
        <Usage used={info.memory_used_bytes} total={info.memory_total_bytes} locale={locale} />
      </Detail>
      <Detail label={t('serverShow.systemInfo.swap')}>{formatBytes(info.swap_total_bytes, locale)}</Detail>
      <Detail label={t('serverShow.systemInfo.disk')} testId="system-info-disk">
        <Usage used={info.disk_used_bytes} total={info.disk_total_bytes} locale={locale} />
      </Detail>
      <Detail label={t('serverShow.systemInfo.load')} testId="system-info-load">
        {formatLoad(info.load, locale)}
      </Detail>
      <Detail label={t('serverShow.systemInfo.uptime')} testId="system-info-uptime">
        {uptime}
      </Detail>
      <Detail label={t('serverShow.systemInfo.timezone')}>{info.timezone}</Detail>
    </Box>
  );
}

function Usage({ used, total, locale }: { used: number; total: number; locale: string }) {
  const { t } = useTranslation();
  const percent = usagePercent(used, total);
  return (
    <Stack spacing={0.5} sx={{ maxWidth: 360 }}>
      <span>
        {t('serverShow.systemInfo.usage', {
          used: formatBytes(used, locale),
          total: formatBytes(total, locale),
          percent,
        })}
      </span>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 90 ? 'error' : percent >= 75 ? 'warning' : 'primary'}
        aria-hidden
      />
    </Stack>
  );
}

function Detail({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, mb: { xs: 1.5, sm: 0 } }} data-testid={testId}>
        {children}
      </Typography>
    </>
  );
}
