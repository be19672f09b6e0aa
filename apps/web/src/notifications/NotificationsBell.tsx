import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_PANEL_MAX_HEIGHT } from '@hostdeck/contracts';
import { badgeLabel, unfinishedCount } from './notification-events';
import { NotificationsPanel } from './NotificationsPanel';
import { useNotificationEvents } from './use-notification-events';
import { lazyPage } from '../app/lazy-page';

const NotificationOutputDialog = lazyPage(() =>
  import('./NotificationOutputDialog').then((module) => module.NotificationOutputDialog),
);

/**
 * The notifications bell of spec/000 §2 (signed in only): the badge counts unfinished events
 * among the latest ten, '9+' above nine, none at zero. Realtime Event-status keeps it current.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const { data: events } = useNotificationEvents();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [outputEventId, setOutputEventId] = useState<number | null>(null);
  const label = badgeLabel(unfinishedCount(events ?? []));
  // Read from the live list, so an event still running keeps updating in the open dialog.
  const outputEvent = events?.find((event) => event.id === outputEventId) ?? null;
  const icon = <NotificationsIcon />;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('notifications.open')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid="notifications-bell"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label === null ? (
          icon
        ) : (
          <Badge
            badgeContent={label}
            color="error"
            slotProps={{ badge: { 'data-testid': 'notifications-badge' } }}
          >
            {icon}
          </Badge>
        )}
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { maxHeight: NOTIFICATION_PANEL_MAX_HEIGHT, width: 380, maxWidth: '100vw' } },
          list: { 'data-testid': 'notifications-panel', 'aria-label': t('notifications.title') },
        }}
      >
        <NotificationsPanel
          onOpenOutput={(event) => {
            setAnchor(null);
            setOutputEventId(event.id);
          }}
        />
      </Menu>
      {outputEvent && (
        <Suspense fallback={null}>
          <NotificationOutputDialog event={outputEvent} onClose={() => setOutputEventId(null)} />
        </Suspense>
      )}
    </>
  );
}
