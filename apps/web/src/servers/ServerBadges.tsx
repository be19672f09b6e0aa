import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FavoriteStar } from '../components/FavoriteStar';
import { StatusBadge } from '../components/StatusBadge';
import { useToggleFavorite } from './favorites';

/** The favourite star of a server (per user, spec/000 §3 is_favorite). */
export function FavoriteButton({ serverId, isFavorite }: { serverId: number; isFavorite: boolean }) {
  const { t } = useTranslation();
  const toggle = useToggleFavorite();
  return (
    <FavoriteStar
      isFavorite={isFavorite}
      label={isFavorite ? t('serverList.unfavorite') : t('serverList.favorite')}
      onToggle={() => void toggle(serverId, !isFavorite)}
      testId="server-favorite"
    />
  );
}

/** The server's status badge (spec/000 §2 Status badge). */
export function ServerStatus({ status }: { status: string }) {
  return (
    <Box component="span" data-testid="server-status" data-status={status} sx={{ display: 'inline-flex' }}>
      <StatusBadge status={status} />
    </Box>
  );
}

/**
 * Marks a server reached through a team rather than owned, and an owned server its owner shares
 * with teams (spec/000 §3 `teams`, `is_owner`, §6); the tooltip names the teams.
 */
export function SharedChip({
  server,
}: {
  server: { is_owner: boolean; teams: readonly { name: string }[] };
}) {
  const { t } = useTranslation();
  if (server.is_owner && server.teams.length === 0) return null;
  const names = server.teams.map((team) => team.name).join(', ');
  const hint = server.is_owner ? names : [t('serverList.sharedHint'), names].filter(Boolean).join(': ');
  return (
    <Tooltip title={hint}>
      <Chip
        size="small"
        color="info"
        variant="outlined"
        label={t('serverList.shared')}
        data-testid="server-shared-chip"
        data-owner={server.is_owner}
      />
    </Tooltip>
  );
}

/** The Protection column: protected servers cannot be deleted. */
export function ProtectionMark({ isProtected }: { isProtected: boolean | undefined }) {
  const { t } = useTranslation();
  if (isProtected === undefined) return <NotAvailable />;
  return isProtected ? (
    <Chip
      size="small"
      icon={<LockIcon />}
      label={t('serverList.protected')}
      data-testid="server-protection"
      data-protected="true"
    />
  ) : (
    <Typography
      variant="body2"
      sx={{ color: 'text.secondary' }}
      data-testid="server-protection"
      data-protected="false"
    >
      {t('serverList.unprotected')}
    </Typography>
  );
}

/** A value the panel does not have (Cost, until billing exists). */
export function NotAvailable() {
  return (
    <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
      —
    </Typography>
  );
}
