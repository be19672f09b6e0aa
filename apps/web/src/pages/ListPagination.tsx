import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZE_OPTIONS } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';

interface ListPaginationProps {
  /** 1-based, like the panel's `meta.current_page`. */
  page: number;
  itemsPerPage: number;
  total: number;
  onPageChange: (page: number) => void;
  onItemsPerPageChange: (itemsPerPage: number) => void;
}

/** Paging of a panel list (spec/000 §9: sizes 5, 10, 15, 50), with translated labels. */
export function ListPagination({
  page,
  itemsPerPage,
  total,
  onPageChange,
  onItemsPerPageChange,
}: ListPaginationProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={itemsPerPage}
      rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(event) => onItemsPerPageChange(Number(event.target.value))}
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
