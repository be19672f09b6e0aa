import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../components/LoadingIndicator';

interface ResourceTableProps<T> {
  query: UseQueryResult<{ data: T[] }>;
  columns: string[];
  rowKey: (item: T) => string;
  row: (item: T) => ReactNode;
  empty: string;
  testId: string;
}

/** One Docker list (images, volumes, networks): loading, failure with retry, empty, or the table. */
export function ResourceTable<T>({ query, columns, rowKey, row, empty, testId }: ResourceTableProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingIndicator />;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {query.error.message}
      </Alert>
    );
  const items = query.data.data;
  if (items.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid={`${testId}-empty`}>
        <Typography>{empty}</Typography>
      </Paper>
    );
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((column, index) => (
                <TableCell key={column} align={index === columns.length - 1 ? 'right' : 'left'}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={rowKey(item)} data-testid={`${testId}-row`} data-key={rowKey(item)}>
                {row(item)}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
