import { Suspense } from 'react';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { AppInfoGate } from './AppInfoGate';
import { TopBar } from './TopBar';
import { useAppInfoDefaults } from './use-app-info-defaults';

/** The layout every route renders in: top bar, then the routed page once app info is there. */
export function AppShell() {
  useAppInfoDefaults();
  return (
    <RealtimeProvider>
      <TopBar />
      <Container component="main" sx={{ py: 4 }}>
        <AppInfoGate>
          <Suspense fallback={<LoadingIndicator />}>
            <Outlet />
          </Suspense>
        </AppInfoGate>
      </Container>
    </RealtimeProvider>
  );
}
