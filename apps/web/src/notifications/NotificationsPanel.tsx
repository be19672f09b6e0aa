import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Event } from '@hostdeck/contracts';
import { StatusBadge } from '../components/StatusBadge';
import { eventDescription } from './event-text';
import { useNotificationEvents } from './use-notification-events';

/** The bell's list: the latest events with their status; one with output opens it on click. */
export function NotificationsPanel({ onOpenOutput }: { onOpenOutput: (event: Event) => void }) {
  const { t } = useTranslation();
  const { data: events, isPending, isError, refetch, isFetching } = useNotificationEvents();

  const header = (
    <Typography key="header" variant="subtitle1" sx={{ px: 2, py: 1, fontWeight: 600 }}>
      {t('notifications.title')}
    </Typography>
  );

  if (isPending) {
    return [
      header,
      <Box key="loading" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={24} aria-label={t('common.loading')} />
      </Box>,
    ];
  }
  if (isError) {
    return [
      header,
      <Box key="error" sx={{ px: 2, pb: 2 }}>
        <Typography variant="body2" sx={{ color: 'error.main', mb: 1 }}>
          {t('notifications.loadFailed')}
        </Typography>
        <Button size="small" onClick={() => void refetch()} disabled={isFetching}>
          {t('common.retry')}
        </Button>
      </Box>,
    ];
  }
  if (events.length === 0) {
    return [
      header,
      <Typography
        key="empty"
        variant="body2"
        data-testid="notifications-empty"
        sx={{ px: 2, pb: 2, color: 'text.secondary' }}
      >
        {t('notifications.empty')}
      </Typography>,
    ];
  }
  return [
    header,
    <Divider key="divider" />,
    ...events.map((event) => {
      const hasOutput = event.output.trim() !== '';
      return (
        <MenuItem
          key={event.id}
          data-testid={`notification-${event.id}`}
          data-has-output={hasOutput}
          onClick={hasOutput ? () => onOpenOutput(event) : undefined}
          sx={{ gap: 2, whiteSpace: 'normal', cursor: hasOutput ? 'pointer' : 'default' }}
        >
          <ListItemText
            primary={eventDescription(t, event)}
            secondary={[event.created_at_display, event.server_name, event.user_name]
              .filter(Boolean)
              .join(' · ')}
          />
          <StatusBadge status={event.status} output={event.output} />
        </MenuItem>
      );
    }),
  ];
}
