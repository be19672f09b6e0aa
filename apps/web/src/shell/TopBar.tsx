import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import ViewSidebarIcon from '@mui/icons-material/ViewSidebar';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../api/use-app-info';
import { Brand } from './Brand';
import { LanguageControl } from './LanguageControl';
import { GlobalSearch, NotificationsBell, ProfileMenu } from './lazy-signed-in-chrome';
import { SignedOutActions } from './SignedOutActions';
import { ThemeSwitch } from './ThemeSwitch';
import type { ShellLayout } from './use-shell-layout';

/**
 * The top bar of spec/000 §2: drawer toggles, brand, global search, theme switch, language
 * control, then notifications and the profile menu when signed in (log in and register when not).
 * Fixed above the drawers, which start below it.
 */
export function TopBar({ layout }: { layout: ShellLayout }) {
  const { t } = useTranslation();
  const { user } = layout;
  const infoLoaded = useAppInfo().data !== undefined;
  return (
    <AppBar position="fixed" enableColorOnDark sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {layout.showLeftDrawer && layout.canToggleLeftDrawer && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('shell.toggleDrawer')}
            aria-expanded={!layout.leftDrawerCollapsed}
            data-testid="drawer-toggle"
            onClick={layout.toggleLeftDrawer}
          >
            {layout.leftDrawerCollapsed ? <MenuIcon /> : <MenuOpenIcon />}
          </IconButton>
        )}
        <Brand />
        {layout.subDrawer && (
          <IconButton
            color="inherit"
            aria-label={t('shell.toggleSubDrawer')}
            aria-pressed={layout.subDrawerOpen}
            data-testid="sub-drawer-toggle"
            onClick={layout.toggleSubDrawer}
          >
            <ViewSidebarIcon />
          </IconButton>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={{ xs: 0.5, sm: 1.5 }} sx={{ alignItems: 'center' }}>
          {user && (
            <Suspense fallback={null}>
              <GlobalSearch />
            </Suspense>
          )}
          <ThemeSwitch />
          <LanguageControl />
          {user ? (
            <Suspense fallback={null}>
              <NotificationsBell />
              <ProfileMenu user={user} />
            </Suspense>
          ) : (
            // Not before app info says nobody is signed in: no "Log in" flash for a signed-in user.
            infoLoaded && <SignedOutActions />
          )}
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
