import type { SvgIconComponent } from '@mui/icons-material';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Paginated } from '@hostdeck/contracts';
import type { ListPage } from '../api/panel-queries';
import { LoadFailure } from '../components/LoadFailure';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { EmptyState } from './EmptyState';
import { ListPagination } from './ListPagination';
import { PageTitle } from './PageTitle';
import { useListPage } from './use-list-page';

interface PaginatedListPageProps<T extends { id: number }, K extends QueryKey> {
  title: ReactNode;
  /** The query of one page of the list (`siteListQuery`); the page is the URL's (`?page=2`). */
  listQuery: (page: ListPage) => UseQueryOptions<Paginated<T>, Error, Paginated<T>, K>;
  /** What shows instead of the table when the list is empty, or failed to load. */
  emptyState: {
    icon: SvgIconComponent;
    title: string;
    hint: string;
    loadFailed: string;
  };
  /** Column headings, in the order of `renderCells`. */
  columns: readonly string[];
  /** The cells (`TableCell`s) of one row. */
  renderCells: (item: T) => ReactNode;
  testIds: { empty: string; table: string; row: string; failure?: string };
}

/**
 * A routed page listing one kind of record from the panel, page by page (spec/000 §9): the title,
 * then a spinner, the empty (or failed) state, or the table with its pagination.
 */
export function PaginatedListPage<T extends { id: number }, K extends QueryKey>({
  title,
  listQuery,
  emptyState: { icon: Icon, ...empty },
  columns,
  renderCells,
  testIds,
}: PaginatedListPageProps<T, K>) {
  const listPage = useListPage();
  const { page, itemsPerPage } = listPage;
  const { data, isPending, isError, error, refetch, isFetching } = useQuery({
    ...listQuery({ page, itemsPerPage }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack spacing={3}>
      <PageTitle>{title}</PageTitle>
      {isPending ? (
        <LoadingIndicator />
      ) : isError ? (
        // A list that failed to load says so (never empty), with the reason and a retry.
        <LoadFailure
          testId={testIds.failure}
          title={empty.loadFailed}
          message={error.message}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : data.data.length === 0 ? (
        <EmptyState
          testId={testIds.empty}
          icon={<Icon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />}
          title={empty.title}
          hint={empty.hint}
        />
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table data-testid={testIds.table}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column}>{column}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((item) => (
                  <TableRow key={item.id} hover data-testid={testIds.row}>
                    {renderCells(item)}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination listPage={listPage} total={data.meta.total} />
        </Paper>
      )}
    </Stack>
  );
}
