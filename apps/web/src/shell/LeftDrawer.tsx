import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { User } from '@hostdeck/contracts';
import { MAIN_MENU, MANAGER_MENU } from '../navigation/menu-items';
import { DrawerMenuItem } from './DrawerMenuItem';
import { DrawerProfile } from './DrawerProfile';
import { LEFT_DRAWER_WIDTH, MINI_DRAWER_WIDTH } from './layout';
import { activeMenuItemId } from './shell-routes';
import { UpgradeBanner } from './UpgradeBanner';

const ALL_ITEMS = [...MAIN_MENU, ...MANAGER_MENU];

/**
 * The left drawer of spec/000 §2: 220 wide, or icons only (mobile, closed by the user, or while
 * a server or site side menu is open). The profile area on top, the upgrade banner at the foot.
 */
export function LeftDrawer({ user, collapsed }: { user: User; collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const activeId = activeMenuItemId(pathname, ALL_ITEMS);
  const width = collapsed ? MINI_DRAWER_WIDTH : LEFT_DRAWER_WIDTH;
  const item = (entry: (typeof ALL_ITEMS)[number]) => (
    <DrawerMenuItem key={entry.id} item={entry} active={entry.id === activeId} collapsed={collapsed} />
  );

  return (
    <Drawer
      variant="permanent"
      data-testid="left-drawer"
      data-collapsed={collapsed}
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: (theme) => theme.transitions.create('width'),
        },
      }}
    >
      <Toolbar />
      <Box
        component="nav"
        aria-label={t('drawer.label')}
        sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1 }}
      >
        <DrawerProfile user={user} collapsed={collapsed} />
        <Divider />
        <List dense>{MAIN_MENU.map(item)}</List>
        <List
          dense
          subheader={
            collapsed ? (
              <Divider />
            ) : (
              <ListSubheader component="div" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
                {t('menu.manager')}
              </ListSubheader>
            )
          }
        >
          {MANAGER_MENU.map(item)}
        </List>
        <Box sx={{ flexGrow: 1 }} />
        {!user.isPaidUser && !collapsed && <UpgradeBanner />}
      </Box>
    </Drawer>
  );
}
