import HomeIcon from '@mui/icons-material/Home';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ServerSideMenu } from '../servers/ServerSideMenu';
import { SUB_DRAWER_WIDTH } from './layout';
import type { SubDrawerTarget } from './shell-routes';

/**
 * The side menu of one server or site (spec/000 §2 Server side menu, Site side menu): the server
 * menu (servers/ServerSideMenu.tsx), or for a site its home until the site pages arrive. Docked
 * beside the left drawer on wide screens, sliding over the page on small ones.
 */
export function SubDrawer({
  target,
  temporary,
  offsetLeft,
  onClose,
}: {
  target: SubDrawerTarget;
  temporary: boolean;
  /** Width of the left drawer beside it: a docked drawer's paper is fixed to the viewport. */
  offsetLeft: number;
  onClose: () => void;
}) {
  return (
    <Drawer
      variant={temporary ? 'temporary' : 'permanent'}
      open
      onClose={onClose}
      data-testid="sub-drawer"
      sx={{
        width: temporary ? undefined : SUB_DRAWER_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width: SUB_DRAWER_WIDTH,
          boxSizing: 'border-box',
          left: temporary ? undefined : offsetLeft,
        },
      }}
    >
      <Toolbar />
      {target.kind === 'server' ? (
        // Sliding over the page, it gets out of the way once an entry is chosen.
        <ServerSideMenu serverId={target.id} onNavigate={temporary ? onClose : undefined} />
      ) : (
        <SiteMenu siteId={target.id} temporary={temporary} onClose={onClose} />
      )}
    </Drawer>
  );
}

/** The site side menu arrives with the site pages; until then it offers the site's home. */
function SiteMenu({
  siteId,
  temporary,
  onClose,
}: {
  siteId: number;
  temporary: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const home = `/sites/${siteId}`;
  const title = t('subDrawer.site', { id: siteId });
  return (
    <>
      <List
        component="nav"
        aria-label={title}
        dense
        subheader={<ListSubheader component="div">{title}</ListSubheader>}
        onClick={temporary ? onClose : undefined}
      >
        <ListItemButton
          component={RouterLink}
          to={home}
          selected={pathname === home}
          data-testid="sub-drawer-home"
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <HomeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('subDrawer.home')} />
        </ListItemButton>
      </List>
      <Typography variant="body2" sx={{ px: 2, color: 'text.secondary' }}>
        {t('subDrawer.siteMenuLater')}
      </Typography>
    </>
  );
}
