import LockIcon from '@mui/icons-material/Lock';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ServerDetail } from '@hostdeck/contracts';
import { PageTitle } from '../../pages/PageTitle';
import { osLabel } from '../../format/format';
import { FavoriteButton, ServerStatus, SharedChip } from '../ServerBadges';

/** Name, address, status, favourite star and owned/shared of the server page. */
export function ServerHeader({ server }: { server: ServerDetail }) {
  const { t } = useTranslation();
  const address = server.is_ipv6 ? `[${server.ip}]:${server.port}` : `${server.ip}:${server.port}`;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <PageTitle>
          <span data-testid="server-title">{server.display_name}</span>
        </PageTitle>
        <FavoriteButton serverId={server.id} isFavorite={server.is_favorite} />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <ServerStatus status={server.status} />
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }} data-testid="server-address">
          {address}
        </Typography>
        {server.os_version && <Chip size="small" variant="outlined" label={osLabel(server.os_version)} />}
        {server.is_owner && (
          <Chip
            size="small"
            variant="outlined"
            label={t('serverShow.owner')}
            data-testid="server-owner-chip"
          />
        )}
        <SharedChip server={server} />
        {server.protected && <Chip size="small" icon={<LockIcon />} label={t('serverList.protected')} />}
      </Stack>
    </Stack>
  );
}
