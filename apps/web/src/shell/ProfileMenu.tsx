import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { User } from '@hostdeck/contracts';
import { UserAvatar } from '../components/UserAvatar';
import { PROFILE_MENU } from '../navigation/menu-items';
import { MENU_ICONS } from './menu-icons';
import { useLogOut } from './use-log-out';

/** The profile menu of spec/000 §1–2: Profile, Invite to Earn, Need Support, Documentation, Log out. */
export function ProfileMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { logOut, loggingOut } = useLogOut();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label={t('shell.profileMenu')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid="profile-menu-button"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} outlined />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'data-testid': 'profile-menu' } }}
      >
        {PROFILE_MENU.map((item) => {
          const Icon = MENU_ICONS[item.icon];
          const external = item.target === '_blank';
          const linkProps = external
            ? { component: 'a' as const, href: item.path, target: '_blank', rel: 'noopener noreferrer' }
            : { component: RouterLink, to: item.path };
          return (
            <MenuItem key={item.id} {...linkProps} onClick={close} data-testid={`profile-menu-${item.id}`}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t(item.labelKey)} />
              {external && (
                <OpenInNewIcon fontSize="inherit" aria-label={t('shell.opensInNewWindow')} sx={{ ml: 1 }} />
              )}
            </MenuItem>
          );
        })}
        {/* Panel administrators only (docs/scripts.md); the API answers 404 to anyone else. */}
        {user.isAdmin && (
          <MenuItem component={RouterLink} to="/admin" onClick={close} data-testid="profile-menu-admin">
            <ListItemIcon>
              <AdminPanelSettingsIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('menu.admin')} />
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          data-testid="logout-button"
          disabled={loggingOut}
          onClick={() => {
            close();
            logOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('shell.logOut')} />
        </MenuItem>
      </Menu>
    </>
  );
}
