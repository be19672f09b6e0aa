import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { METRICS_RANGES, type MetricsPoint, type MetricsRange } from '@hostdeck/contracts/monitoring';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { formatBytes } from '../../format/format';
import { PageTitle } from '../../pages/PageTitle';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { MetricChart } from './MetricChart';
import { ThresholdsForm } from './ThresholdsForm';
import { useServerMetrics } from './monitoring-api';

const COLORS = ['#1976d2', '#ed6c02', '#2e7d32'] as const;
const percentOf = (used: number, total: number) => (total > 0 ? (used / total) * 100 : 0);

/**
 * `/servers/{server}/monitoring` (issue 23 point 4): charts of CPU, memory, disk, load and network
 * over the chosen range (kept in the address, `?range=24h`), refreshed every minute, and the
 * thresholds that alert. Its own chunk: nothing here is in the first bundle.
 */
export function MonitoringPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('range');
  const range: MetricsRange = (METRICS_RANGES as readonly string[]).includes(asked ?? '')
    ? (asked as MetricsRange)
    : '1h';
  const metrics = useServerMetrics(serverId, range);
  const points: readonly MetricsPoint[] = useMemo(() => metrics.data?.data.points ?? [], [metrics.data]);
  const times = useMemo(() => points.map((point) => Date.parse(point.at)), [points]);
  const percent = (value: number) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)}%`;
  const plain = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  const rate = (value: number) => `${formatBytes(value, locale)}/s`;
  const empty = t('monitoring.empty');

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('monitoring.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={range}
          onChange={(_event, next: MetricsRange | null) => {
            if (!next) return;
            setSearch(
              (current) => {
                const params = new URLSearchParams(current);
                params.set('range', next);
                return params;
              },
              { replace: true },
            );
          }}
          data-testid="monitoring-range"
        >
          {METRICS_RANGES.map((value) => (
            <ToggleButton key={value} value={value} data-testid={`monitoring-range-${value}`}>
              {t(`monitoring.ranges.${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {metrics.data && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="monitoring-source">
            {t(metrics.data.data.source === 'agent' ? 'monitoring.sourceAgent' : 'monitoring.sourceSsh')}
          </Typography>
        )}
      </Stack>
      {metrics.isPending ? (
        <LoadingIndicator />
      ) : metrics.isError ? (
        <Alert severity="error">{t('monitoring.loadFailed')}</Alert>
      ) : (
        <Stack spacing={2} data-testid="monitoring-charts">
          <MetricChart
            id="cpu"
            title={t('monitoring.cpu')}
            times={times}
            max={100}
            format={percent}
            empty={empty}
            series={[
              {
                id: 'cpu',
                label: t('monitoring.cpu'),
                color: COLORS[0],
                values: points.map((point) => point.cpu),
              },
            ]}
          />
          <MetricChart
            id="memory"
            title={t('monitoring.memory')}
            times={times}
            max={100}
            format={percent}
            empty={empty}
            series={[
              {
                id: 'memory',
                label:
                  points.length > 0
                    ? t('monitoring.usedOf', {
                        used: formatBytes(points.at(-1)!.memory_used, locale),
                        total: formatBytes(points.at(-1)!.memory_total, locale),
                      })
                    : t('monitoring.memory'),
                color: COLORS[1],
                values: points.map((point) => percentOf(point.memory_used, point.memory_total)),
              },
            ]}
          />
          <MetricChart
            id="disk"
            title={t('monitoring.disk')}
            times={times}
            max={100}
            format={percent}
            empty={empty}
            series={(points.at(-1)?.disks ?? []).slice(0, 3).map((disk, index) => ({
              id: `disk-${index}`,
              label: disk.mount,
              color: COLORS[index % COLORS.length]!,
              values: points.map((point) => {
                const found = point.disks.find((entry) => entry.mount === disk.mount);
                return found ? percentOf(found.used, found.total) : 0;
              }),
            }))}
          />
          <MetricChart
            id="load"
            title={t('monitoring.load')}
            times={times}
            format={plain}
            empty={empty}
            series={[
              {
                id: 'load-1',
                label: t('monitoring.load1'),
                color: COLORS[0],
                values: points.map((point) => point.load_1),
              },
              {
                id: 'load-5',
                label: t('monitoring.load5'),
                color: COLORS[1],
                values: points.map((point) => point.load_5),
              },
              {
                id: 'load-15',
                label: t('monitoring.load15'),
                color: COLORS[2],
                values: points.map((point) => point.load_15),
              },
            ]}
          />
          <MetricChart
            id="network"
            title={t('monitoring.network')}
            times={times}
            format={rate}
            empty={empty}
            series={[
              {
                id: 'rx',
                label: t('monitoring.received'),
                color: COLORS[0],
                values: points.map((point) => point.network_rx),
              },
              {
                id: 'tx',
                label: t('monitoring.sent'),
                color: COLORS[2],
                values: points.map((point) => point.network_tx),
              },
            ]}
          />
        </Stack>
      )}
      <ThresholdsForm serverId={serverId} />
    </Stack>
  );
}
