import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { listPageSearch, parseListPage, type ListPageState } from './list-page';

/** The list page in the URL, with setters that keep the rest of the query. */
export function useListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = parseListPage(searchParams);

  const update = useCallback(
    (next: ListPageState) => {
      setSearchParams((previous) => {
        const merged = new URLSearchParams(previous);
        merged.delete('page');
        merged.delete('itemsPerPage');
        for (const [name, value] of Object.entries(listPageSearch(next))) merged.set(name, value);
        return merged;
      });
    },
    [setSearchParams],
  );

  return {
    ...current,
    setPage: (page: number) => update({ ...current, page }),
    // A new page size starts again at the first page, where every size has rows.
    setItemsPerPage: (itemsPerPage: number) => update({ page: 1, itemsPerPage }),
  };
}
