import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import { Fact, SiteCard } from './SiteCard';

/** The database created with the site, if any (its password was shown once, at creation). */
export function SiteDatabaseCard({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  const database = site.database;
  return (
    <SiteCard title={t('sites.show.database.title')} testId="site-database-card">
      {database ? (
        <Stack spacing={1}>
          <Fact label={t('sites.show.database.type')} value={database.type} />
          <Fact label={t('sites.show.database.name')} value={database.name} testId="site-database-name" />
          <Fact label={t('sites.show.database.username')} value={database.username} />
        </Stack>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="site-database-none">
          {t('sites.show.database.none')}
        </Typography>
      )}
    </SiteCard>
  );
}
