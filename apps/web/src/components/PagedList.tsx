import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailure } from './LoadFailure';
import { LoadingIndicator } from './LoadingIndicator';

/**
 * A paginated list's page (with the pager when there is more than one), its failure (titled
 * `failureTitle`, with a retry) or its loading state; `empty`, when given, stands for no rows.
 */
export function PagedList<T>(props: {
  query: ReturnType<typeof useQuery<{ data: T[]; meta: { last_page: number; current_page: number } }>>;
  failureTitle: string;
  empty?: string;
  onPage(page: number): void;
  children(data: T[]): ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <LoadingIndicator />;
  if (query.isError)
    return (
      <LoadFailure
        title={props.failureTitle}
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  if (props.empty !== undefined && query.data.data.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{props.empty}</Typography>;
  return (
    <Stack spacing={2}>
      {props.children(query.data.data)}
      {query.data.meta.last_page > 1 ? (
        <Pagination
          count={query.data.meta.last_page}
          page={query.data.meta.current_page}
          onChange={(_event, page) => props.onPage(page)}
        />
      ) : null}
    </Stack>
  );
}
