import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@hostdeck/contracts';

export interface ListPageState {
  page: number;
  itemsPerPage: number;
}

/**
 * The page and page size of a list from its URL (`?page=2&itemsPerPage=15`), so a list page can
 * be linked and survives a reload. Anything else falls back to spec/000 §9's defaults.
 */
export function parseListPage(search: URLSearchParams): ListPageState {
  const page = Number(search.get('page'));
  const itemsPerPage = Number(search.get('itemsPerPage'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : PAGE_DEFAULT,
    itemsPerPage: (PAGE_SIZE_OPTIONS as readonly number[]).includes(itemsPerPage)
      ? itemsPerPage
      : PAGE_SIZE_DEFAULT,
  };
}

/** The URL query for a list page; defaults are left out so the plain path stays the first page. */
export function listPageSearch({ page, itemsPerPage }: ListPageState): Record<string, string> {
  const search: Record<string, string> = {};
  if (page !== PAGE_DEFAULT) search.page = String(page);
  if (itemsPerPage !== PAGE_SIZE_DEFAULT) search.itemsPerPage = String(itemsPerPage);
  return search;
}
