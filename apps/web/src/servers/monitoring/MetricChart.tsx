import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';

export interface ChartSeries {
  /** Stable id (test ids, keys). */
  id: string;
  label: string;
  color: string;
  values: readonly number[];
}

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { left: 4, right: 4, top: 8, bottom: 4 };

/**
 * A small line chart in plain SVG (no chart library: the monitoring page stays a few KB). Points
 * are spread by time; `max` fixes the top of the scale (100 for percentages), else the largest
 * value sets it. The legend shows each series' newest value.
 */
export function MetricChart({
  id,
  title,
  times,
  series,
  max,
  format,
  empty,
}: {
  id: string;
  title: string;
  /** Unix ms of each point, oldest first (every series has one value per time). */
  times: readonly number[];
  series: readonly ChartSeries[];
  max?: number;
  format: (value: number) => string;
  empty: string;
}) {
  const theme = useTheme();
  const first = times[0] ?? 0;
  const span = Math.max(1, (times.at(-1) ?? 0) - first);
  const top = max ?? Math.max(1e-9, ...series.flatMap((entry) => entry.values));
  const x = (time: number) => PAD.left + ((time - first) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) =>
    PAD.top + (1 - Math.min(1, Math.max(0, value / top))) * (HEIGHT - PAD.top - PAD.bottom);
  const pathOf = (values: readonly number[]) =>
    values
      .map(
        (value, index) => `${index === 0 ? 'M' : 'L'}${x(times[index]!).toFixed(1)},${y(value).toFixed(1)}`,
      )
      .join(' ');
  const timeLabel = (time: number) =>
    new Date(time).toLocaleString(undefined, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`monitoring-chart-${id}`} data-points={times.length}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {series.map((entry) => (
            <Stack key={entry.id} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: entry.color }} />
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary' }}
                data-testid={`monitoring-latest-${entry.id}`}
              >
                {entry.label}: {entry.values.length > 0 ? format(entry.values.at(-1)!) : '—'}
              </Typography>
            </Stack>
          ))}
          <Typography variant="caption" sx={{ color: 'text.secondary', ml: 'auto' }}>
            {format(top)}
          </Typography>
        </Stack>
        {times.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
            {empty}
          </Typography>
        ) : (
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            width="100%"
            height={HEIGHT}
            preserveAspectRatio="none"
            role="img"
            aria-label={title}
          >
            <line
              x1={0}
              x2={WIDTH}
              y1={HEIGHT - PAD.bottom}
              y2={HEIGHT - PAD.bottom}
              stroke={theme.palette.divider}
            />
            <line
              x1={0}
              x2={WIDTH}
              y1={PAD.top}
              y2={PAD.top}
              stroke={theme.palette.divider}
              strokeDasharray="4 4"
            />
            {series.map((entry) =>
              times.length === 1 ? (
                <circle
                  key={entry.id}
                  cx={x(times[0]!)}
                  cy={y(entry.values[0] ?? 0)}
                  r={3}
                  fill={entry.color}
                />
              ) : (
                <path
                  key={entry.id}
                  d={pathOf(entry.values)}
                  fill="none"
                  stroke={entry.color}
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                  data-testid={`monitoring-line-${entry.id}`}
                />
              ),
            )}
          </svg>
        )}
        {times.length > 0 && (
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {timeLabel(first)}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {timeLabel(times.at(-1)!)}
            </Typography>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
