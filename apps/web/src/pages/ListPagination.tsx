import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZE_OPTIONS } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import type { useListPage } from './use-list-page';

interface ListPaginationProps {
  /** The list page in the URL and its setters (`useListPage()`); `page` is 1-based. */
  listPage: Pick<ReturnType<typeof useListPage>, 'page' | 'itemsPerPage' | 'setPage' | 'setItemsPerPage'>;
  /** The panel's `meta.total`. */
  total: number;
}

/** Paging of a panel list (spec/000 §9: sizes 5, 10, 15, 50), with translated labels. */
export function ListPagination({
  listPage: { page, itemsPerPage, setPage, setItemsPerPage },
  total,
}: ListPaginationProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={itemsPerPage}
      rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
      onPageChange={(_event, next) => setPage(next + 1)}
      onRowsPerPageChange={(event) => setItemsPerPage(Number(event.target.value))}
      labelRowsPerPage={t('table.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) =>
        t(
          type === 'first'
            ? 'table.firstPage'
            : type === 'last'
              ? 'table.lastPage'
              : type === 'next'
                ? 'table.nextPage'
                : 'table.previousPage',
        )
      }
      data-testid="list-pagination"
    />
  );
}
