import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { FavoriteStar } from '../components/FavoriteStar';
import { useToggleSiteFavorite } from './site-favorites';

/** The favourite star of a site (per user, spec/000 §3 is_favorite). */
export function SiteFavoriteButton({ siteId, isFavorite }: { siteId: number; isFavorite: boolean }) {
  const { t } = useTranslation();
  const toggle = useToggleSiteFavorite();
  return (
    <FavoriteStar
      isFavorite={isFavorite}
      label={isFavorite ? t('sites.list.unfavorite') : t('sites.list.favorite')}
      onToggle={() => void toggle(siteId, !isFavorite)}
      testId="site-favorite"
    />
  );
}

const STATUS_COLORS = {
  creating: 'info',
  active: 'success',
  failed: 'error',
  deleting: 'warning',
} as const;
type KnownStatus = keyof typeof STATUS_COLORS;
const isKnownStatus = (status: string): status is KnownStatus => status in STATUS_COLORS;

/** A site's state: creating and deleting spin until their event ends; failed is an error. */
export function SiteStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = isKnownStatus(status);
  const busy = status === 'creating' || status === 'deleting';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={known ? STATUS_COLORS[status] : 'default'}
      icon={busy ? <CircularProgress size={12} color="inherit" /> : undefined}
      label={known ? t(`sites.status.${status}`) : status}
      data-testid="site-status"
      data-status={status}
    />
  );
}
