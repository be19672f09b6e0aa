import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from './ComingSoonPage';
import type { PageTitleKey } from './page-titles';
import { useRouteServer } from './use-route-server';

/** One tool page of an installed server (spec/000 §2 server routes); its screen comes later. */
export function ServerSectionPage({ titleKey }: { titleKey: PageTitleKey }) {
  const { t } = useTranslation();
  const { data: server } = useRouteServer();
  return (
    <ComingSoonPage
      titleKey={titleKey}
      context={
        server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )
      }
    />
  );
}
