import LanguageOutlinedIcon from '@mui/icons-material/LanguageOutlined';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { siteListQuery } from '../api/panel-queries';
import { routePath } from '../app/route-names';
import { PaginatedListPage } from './PaginatedListPage';

/** `/sites`: the user's sites (GET api/sites). */
export function SitesPage() {
  const { t } = useTranslation();
  return (
    <PaginatedListPage
      title={t('pageTitles.sites')}
      listQuery={siteListQuery}
      emptyState={{
        icon: LanguageOutlinedIcon,
        title: t('siteList.empty'),
        hint: t('siteList.emptyHint'),
        loadFailed: t('siteList.loadFailed'),
      }}
      columns={[t('siteList.columnName'), t('siteList.columnType'), t('siteList.columnState')]}
      renderCells={(site) => (
        <>
          <TableCell>
            <Link component={RouterLink} to={routePath('sites.show', { site: site.id })}>
              {site.display_name}
            </Link>
          </TableCell>
          <TableCell>{site.code_type ?? t('siteList.noCode')}</TableCell>
          <TableCell>{site.enabled ? t('siteList.enabled') : t('siteList.disabled')}</TableCell>
        </>
      )}
      testIds={{ empty: 'sites-empty', table: 'sites-table', row: 'site-row' }}
    />
  );
}
