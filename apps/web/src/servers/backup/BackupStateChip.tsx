import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { BackupHistoryState } from '@hostdeck/contracts/backups';

const COLORS = {
  running: 'info',
  succeeded: 'success',
  partial: 'warning',
  failed: 'error',
  missed: 'error',
} as const;

/**
 * How a backup run ended: succeeded, partial, failed, missed, or still running. A page outside the
 * server's backup section (`/servers/backups`) passes its own `label`, from its own catalogue.
 */
export function BackupStateChip({
  state,
  label,
  testId = 'backup-state',
}: {
  state: BackupHistoryState;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLORS[state]}
      label={label ?? t(`backup.states.${state}`)}
      data-testid={testId}
      data-state={state}
    />
  );
}
