import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Suspense } from 'react';
import { FloatingWindowsHost } from '../components/FloatingWindowsHost';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { SiteCreateDialogHost } from '../components/SiteCreateDialogHost';
import { SnackbarQueue } from '../feedback/SnackbarQueue';
import { UiReloadDialogHost } from '../feedback/UiReloadDialogHost';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { AppInfoGate } from './AppInfoGate';
import { setMobileSubDrawerPath } from './drawer-state';
import { LEFT_DRAWER_WIDTH, MINI_DRAWER_WIDTH, SUB_DRAWER_WIDTH } from './layout';
import { HotfixNotice, LeftDrawer, ShellBanners, SubDrawer } from './lazy-signed-in-chrome';
import { RoutedView } from './RoutedView';
import { TopBar } from './TopBar';
import { useAppInfoDefaults } from './use-app-info-defaults';
import { useShellLayout } from './use-shell-layout';
import { useSignInPreferences } from './use-sign-in-preferences';

/**
 * The layout every route renders in (spec/000 §2 Shell layout): the top bar, the left drawer and
 * a server's or site's side menu, the banners, then the routed page once app info is there; and
 * the shell-wide layers (snackbars, loading overlay, dialogs, floating windows).
 */
export function AppShell() {
  useAppInfoDefaults();
  useSignInPreferences();
  const layout = useShellLayout();
  const { user, subDrawer } = layout;
  const dockedSubDrawer = subDrawer !== null && layout.subDrawerOpen && !layout.isMobile;
  const leftDrawerWidth =
    user && layout.showLeftDrawer ? (layout.leftDrawerCollapsed ? MINI_DRAWER_WIDTH : LEFT_DRAWER_WIDTH) : 0;

  return (
    <RealtimeProvider>
      <TopBar layout={layout} />
      <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
        {user && layout.showLeftDrawer && (
          // The drawers' code loads with the signed-in chrome; their space is kept meanwhile.
          <Suspense fallback={<DrawerSpace width={leftDrawerWidth} />}>
            <LeftDrawer user={user} collapsed={layout.leftDrawerCollapsed} />
          </Suspense>
        )}
        {subDrawer && layout.subDrawerOpen && (
          <Suspense fallback={dockedSubDrawer ? <DrawerSpace width={SUB_DRAWER_WIDTH} /> : null}>
            <SubDrawer
              target={subDrawer}
              temporary={layout.isMobile}
              offsetLeft={leftDrawerWidth}
              onClose={layout.isMobile ? () => setMobileSubDrawerPath(null) : layout.toggleSubDrawer}
            />
          </Suspense>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Toolbar />
          {user && (
            <Suspense fallback={null}>
              <ShellBanners />
            </Suspense>
          )}
          <Container component="main" sx={{ py: 4 }}>
            <AppInfoGate>
              <RoutedView />
            </AppInfoGate>
          </Container>
        </Box>
      </Box>
      {user && (
        <Suspense fallback={null}>
          <HotfixNotice user={user} />
        </Suspense>
      )}
      <SiteCreateDialogHost />
      <FloatingWindowsHost />
      <UiReloadDialogHost />
      <SnackbarQueue />
      <LoadingOverlay />
    </RealtimeProvider>
  );
}

function DrawerSpace({ width }: { width: number }) {
  return <Box aria-hidden sx={{ width, flexShrink: 0 }} />;
}
