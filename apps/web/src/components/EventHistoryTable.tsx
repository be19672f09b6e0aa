import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListPagination } from '../pages/ListPagination';
import type { useListPage } from '../pages/use-list-page';
import { LoadFailure } from './LoadFailure';

interface EventHistoryTableProps<Row> {
  /** Test id of the card; `-failure` and `-empty` name its failure and empty states. */
  testId: string;
  title: string;
  failureTitle: string;
  emptyText: string;
  /** One page of the history as the panel answers it (`data` and `meta.total`). */
  query: UseQueryResult<{ data: Row[]; meta: { total: number } }>;
  listPage: ReturnType<typeof useListPage>;
  /** Column headings; the last one (the actions) is aligned right. */
  headings: readonly ReactNode[];
  /** The rows of the page (TableRow elements). */
  children: (rows: Row[]) => ReactNode;
  /** Below the pagination: the dialogs of the rows' actions. */
  footer?: ReactNode;
}

/**
 * A paged history of what ran on a site or server as events (deployments, commands,
 * certificates): newest first, with its failure (LoadFailure, never an empty list), its empty
 * state, the table and the pagination. The rows are the caller's.
 */
export function EventHistoryTable<Row>({
  testId,
  title,
  failureTitle,
  emptyText,
  query,
  listPage,
  headings,
  children,
  footer,
}: EventHistoryTableProps<Row>) {
  const rows = query.data?.data ?? [];
  return (
    <Paper variant="outlined" data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ px: 2.5, pt: 2 }}>
        {title}
      </Typography>
      {query.isError ? (
        <LoadFailure
          testId={`${testId}-failure`}
          title={failureTitle}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.isSuccess && rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', p: 2.5 }} data-testid={`${testId}-empty`}>
          {emptyText}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                {headings.map((heading, index) => (
                  <TableCell key={index} align={index === headings.length - 1 ? 'right' : undefined}>
                    {heading}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{children(rows)}</TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination listPage={listPage} total={query.data?.meta.total ?? 0} />
      {footer}
    </Paper>
  );
}
