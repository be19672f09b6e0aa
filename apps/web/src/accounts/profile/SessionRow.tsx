import ComputerIcon from '@mui/icons-material/Computer';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { BrowserSession } from '@hostdeck/contracts';
import { describeSessionDevice, formatLastActive } from '../format';

interface SessionRowProps {
  session: BrowserSession;
  /** When the list was loaded: "last active" is relative to that, not to each render. */
  now: number;
}

/** One browser session: device, address and when it was last used. */
export function SessionRow({ session, now }: SessionRowProps) {
  const { t, i18n } = useTranslation();
  const device = describeSessionDevice(session);
  const browser = device.browser ?? t('sessions.unknownBrowser');
  const platform = device.platform ?? t('sessions.unknownPlatform');
  const lastActive = formatLastActive(session.last_active_at, i18n.language, now);
  const details = [
    session.ip_address ?? t('sessions.unknownAddress'),
    session.is_current_device
      ? null
      : lastActive === null
        ? null
        : t('sessions.lastActive', { when: lastActive }),
  ].filter((part): part is string => part !== null);

  return (
    <ListItem
      divider
      data-testid="session-row"
      data-current={session.is_current_device ? 'true' : 'false'}
      secondaryAction={
        session.is_current_device ? (
          <Chip size="small" color="success" label={t('sessions.thisDevice')} data-testid="session-current" />
        ) : null
      }
    >
      <ListItemIcon>{session.is_desktop ? <ComputerIcon /> : <SmartphoneIcon />}</ListItemIcon>
      <ListItemText primary={t('sessions.device', { browser, platform })} secondary={details.join(' · ')} />
    </ListItem>
  );
}
