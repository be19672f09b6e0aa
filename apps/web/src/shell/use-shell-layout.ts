import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLocation } from 'react-router';
import type { User } from '@hostdeck/contracts';
import { MAIN_MENU, MANAGER_MENU } from '../navigation/menu-items';
import { useCurrentUser } from '../session/use-current-user';
import {
  setDrawerState,
  setMobileSubDrawerPath,
  useDrawerState,
  useMobileSubDrawerPath,
} from './drawer-state';
import { subDrawerTarget, type SubDrawerTarget } from './shell-routes';
import { usePersistPreferences } from './user-preferences';

export interface ShellLayout {
  user: User | null;
  /** Below md: the left drawer shows icons only and the sub-drawer slides over the page. */
  isMobile: boolean;
  showLeftDrawer: boolean;
  leftDrawerCollapsed: boolean;
  /** Whether the user can expand or collapse the left drawer (not when something forces icons). */
  canToggleLeftDrawer: boolean;
  subDrawer: SubDrawerTarget | null;
  subDrawerOpen: boolean;
  toggleLeftDrawer: () => void;
  toggleSubDrawer: () => void;
}

/** The drawer rules of spec/000 §2 Shell layout, shared by the top bar and the page layout. */
export function useShellLayout(): ShellLayout {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const { drawerOpen, subDrawerOpen: subDrawerPreference } = useDrawerState();
  const mobileSubDrawerPath = useMobileSubDrawerPath();
  const persist = usePersistPreferences();

  const subDrawer = subDrawerTarget(pathname);
  const subDrawerOpen =
    subDrawer !== null && (isMobile ? mobileSubDrawerPath === pathname : subDrawerPreference);
  const forcedCollapsed = isMobile || (subDrawer !== null && subDrawerOpen);

  return {
    user,
    isMobile,
    showLeftDrawer: user !== null && MAIN_MENU.length + MANAGER_MENU.length > 0,
    leftDrawerCollapsed: forcedCollapsed || !drawerOpen,
    canToggleLeftDrawer: !forcedCollapsed,
    subDrawer,
    subDrawerOpen,
    toggleLeftDrawer: () => {
      setDrawerState({ drawerOpen: !drawerOpen });
      persist({ drawer_open: !drawerOpen });
    },
    toggleSubDrawer: () => {
      if (isMobile) {
        setMobileSubDrawerPath(subDrawerOpen ? null : pathname);
        return;
      }
      setDrawerState({ subDrawerOpen: !subDrawerPreference });
      persist({ sub_drawer_open: !subDrawerPreference });
    },
  };
}
