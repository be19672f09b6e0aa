import LanguageOutlinedIcon from '@mui/icons-material/LanguageOutlined';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { siteListQuery } from '../api/panel-queries';
import { routePath } from '../app/route-names';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { EmptyState } from './EmptyState';
import { ListPagination } from './ListPagination';
import { PageTitle } from './PageTitle';
import { useListPage } from './use-list-page';

/** `/sites`: the user's sites (GET api/sites). */
export function SitesPage() {
  const { t } = useTranslation();
  const { page, itemsPerPage, setPage, setItemsPerPage } = useListPage();
  const { data, isPending, isError, refetch } = useQuery({
    ...siteListQuery({ page, itemsPerPage }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack spacing={3}>
      <PageTitle>{t('pageTitles.sites')}</PageTitle>
      {isPending ? (
        <LoadingIndicator />
      ) : isError || data.data.length === 0 ? (
        <EmptyState
          testId="sites-empty"
          icon={<LanguageOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />}
          title={isError ? t('siteList.loadFailed') : t('siteList.empty')}
          hint={isError ? undefined : t('siteList.emptyHint')}
          onRetry={isError ? () => void refetch() : undefined}
        />
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table data-testid="sites-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('siteList.columnName')}</TableCell>
                  <TableCell>{t('siteList.columnType')}</TableCell>
                  <TableCell>{t('siteList.columnState')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((site) => (
                  <TableRow key={site.id} hover data-testid="site-row">
                    <TableCell>
                      <Link component={RouterLink} to={routePath('sites.show', { site: site.id })}>
                        {site.display_name}
                      </Link>
                    </TableCell>
                    <TableCell>{site.code_type ?? t('siteList.noCode')}</TableCell>
                    <TableCell>{site.enabled ? t('siteList.enabled') : t('siteList.disabled')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination
            page={page}
            itemsPerPage={itemsPerPage}
            total={data.meta.total}
            onPageChange={setPage}
            onItemsPerPageChange={setItemsPerPage}
          />
        </Paper>
      )}
    </Stack>
  );
}
