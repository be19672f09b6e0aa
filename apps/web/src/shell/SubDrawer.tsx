import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { ServerSideMenu } from '../servers/menu/ServerSideMenu';
import { SiteSideMenu } from '../sites/SiteSideMenu';
import { SUB_DRAWER_WIDTH } from './layout';
import type { SubDrawerTarget } from './shell-routes';

/**
 * The side menu of one server or site (spec/000 §2 Server side menu, Site side menu):
 * servers/ServerSideMenu.tsx or sites/SiteSideMenu.tsx. Docked beside the left drawer on wide
 * screens, sliding over the page on small ones.
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
        <SiteSideMenu siteId={target.id} onNavigate={temporary ? onClose : undefined} />
      )}
    </Drawer>
  );
}
