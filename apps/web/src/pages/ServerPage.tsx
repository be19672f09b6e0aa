import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { StatusBadge } from '../components/StatusBadge';
import { PageTitle } from './PageTitle';
import { useRouteServer } from './use-route-server';

/** `/servers/{server}` (servers.show): the server's details; the sub-drawer leads to its tools. */
export function ServerPage() {
  const { t, i18n } = useTranslation();
  const { data: server } = useRouteServer();
  if (!server) return <LoadingIndicator />;
  const connectedOn = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(server.created_at),
  );

  return (
    <Stack spacing={3}>
      <PageTitle>{server.display_name}</PageTitle>
      {!server.installed && (
        <Alert severity="info" data-testid="server-not-installed">
          {t('serverPage.notInstalled')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 4,
            rowGap: { xs: 0.5, sm: 2 },
            alignItems: 'center',
          }}
          data-testid="server-details"
        >
          <Detail label={t('serverPage.status')}>
            <StatusBadge status={server.status} />
          </Detail>
          <Detail label={t('serverPage.ip')}>
            <Typography sx={{ fontFamily: 'monospace' }}>{server.ip}</Typography>
          </Detail>
          <Detail label={t('serverPage.port')}>{server.port}</Detail>
          <Detail label={t('serverPage.access')}>
            {server.is_owner ? t('servers.owner') : t('servers.shared')}
          </Detail>
          <Detail label={t('serverPage.createdAt')}>{connectedOn}</Detail>
        </Box>
      </Paper>
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, mb: { xs: 1.5, sm: 0 } }}>
        {children}
      </Typography>
    </>
  );
}
