import BalanceIcon from '@mui/icons-material/Balance';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routePath } from '../../app/route-names';
import { SiteCard } from '../show/SiteCard';

/**
 * The way to the site's Load balancing page (`/sites/{site}/balancing`) from its Settings page:
 * spec/000 §2's site side menu has no entry for it.
 */
export function BalancingCard({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  return (
    <SiteCard
      title={t('sites.balancingCard.title')}
      description={t('sites.balancingCard.description')}
      testId="site-balancing-card"
    >
      <div>
        <Button
          component={RouterLink}
          to={routePath('sites.balancing', { site: siteId })}
          startIcon={<BalanceIcon />}
          variant="outlined"
          data-testid="site-balancing-open"
        >
          {t('sites.balancingCard.open')}
        </Button>
      </div>
    </SiteCard>
  );
}
