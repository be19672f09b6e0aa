import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerDetail } from '@hostdeck/contracts';
import { protectServer } from '../server-api';

/** Parts of the server page's action cards (ServerActions.tsx). */

/** Protect (spec/000 §7 protect): a protected server cannot be deleted. */
export function ProtectSwitch({
  server,
  onSaved,
}: {
  server: ServerDetail;
  onSaved: (next: ServerDetail) => void;
}) {
  const { t } = useTranslation();
  // The switch shows the wanted state while the panel stores it; its answer settles it.
  // A failure is reported by the query client's mutation cache (handleApiError).
  const protect = useMutation({
    mutationFn: (next: boolean) => protectServer(server.id, next),
    onSuccess: onSaved,
  });
  return (
    <Tooltip title={t('serverShow.actions.protectHint')}>
      <FormControlLabel
        sx={{ ml: 0 }}
        control={
          <Switch
            checked={protect.isPending ? protect.variables : server.protected}
            disabled={protect.isPending}
            onChange={(event) => protect.mutate(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'server-protect' } }}
          />
        }
        label={t('serverShow.actions.protect')}
      />
    </Tooltip>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {children}
      </Stack>
    </Paper>
  );
}

export function ActionButton({
  icon,
  testId,
  busy = false,
  disabled = false,
  color = 'primary',
  onClick,
  children,
}: {
  icon: ReactNode;
  testId: string;
  busy?: boolean;
  disabled?: boolean;
  color?: 'primary' | 'warning' | 'error';
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="outlined"
      color={color}
      startIcon={icon}
      loading={busy}
      loadingPosition="start"
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      data-busy={busy}
    >
      {children}
    </Button>
  );
}
