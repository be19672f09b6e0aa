import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ServerSummary } from '@hostdeck/contracts';
import { routePath } from '../../app/route-names';
import { FavoriteButton, ServerStatus, SharedChip } from '../ServerBadges';
import type { ServerColumns } from './ServerTable';

/** The grid view of the server list: one card per server. */
export function ServerGrid({
  servers,
  columns,
}: {
  servers: readonly ServerSummary[];
  columns: ServerColumns;
}) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="servers-grid"
      sx={{
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      {servers.map((server) => (
        <Card key={server.id} variant="outlined" data-testid="server-card" data-server-id={server.id}>
          <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
            <CardActionArea component={RouterLink} to={routePath('servers.show', { server: server.id })}>
              <CardContent>
                <Stack spacing={1}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                    <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }}>
                      {server.display_name}
                    </Typography>
                    {columns.protection && server.protected && (
                      <Tooltip title={t('serverList.protected')}>
                        <LockIcon fontSize="small" color="action" data-testid="server-protection" />
                      </Tooltip>
                    )}
                  </Stack>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
                    {server.ip}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <ServerStatus status={server.status} />
                    <SharedChip server={server} />
                  </Stack>
                </Stack>
              </CardContent>
            </CardActionArea>
            <Box sx={{ p: 1 }}>
              <FavoriteButton serverId={server.id} isFavorite={server.is_favorite} />
            </Box>
          </Stack>
        </Card>
      ))}
    </Box>
  );
}
