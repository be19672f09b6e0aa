import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { normalizeStatus } from '@hostdeck/contracts';
import { statusAppearance, statusTooltip } from './status-badge';

/**
 * The status badge of spec/000 §2: pending statuses grey with an idle icon, finished ones in the
 * success or error colour with an icon, anything else running with an indeterminate bar.
 */
export function StatusBadge({
  status,
  output,
}: {
  status: string | null | undefined;
  output?: string | null;
}) {
  const { t } = useTranslation();
  const appearance = statusAppearance(status, t);
  const tooltip = statusTooltip(appearance.label, output);
  const common = {
    'data-testid': 'status-badge',
    'data-status-kind': appearance.kind,
    'data-status': normalizeStatus(status),
  };

  return (
    <Tooltip
      title={
        <Box sx={{ whiteSpace: 'pre-wrap', fontFamily: output ? 'monospace' : undefined }}>{tooltip}</Box>
      }
    >
      {appearance.kind === 'running' ? (
        <Box {...common} sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 80, gap: 0.5 }}>
          <Typography variant="caption" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
            {appearance.label}
          </Typography>
          <LinearProgress color="primary" aria-label={appearance.label} />
        </Box>
      ) : (
        <Chip
          {...common}
          size="small"
          variant={appearance.kind === 'pending' ? 'outlined' : 'filled'}
          color={appearance.kind === 'pending' ? 'default' : appearance.kind}
          icon={
            appearance.kind === 'pending' ? (
              <PauseCircleOutlineIcon />
            ) : appearance.kind === 'error' ? (
              <ErrorIcon />
            ) : (
              <CheckCircleIcon />
            )
          }
          label={appearance.label}
        />
      )}
    </Tooltip>
  );
}
