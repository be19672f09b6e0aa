import type { Paginated } from '@hostdeck/contracts';

/** Builds the paginated list shape of spec/000 §3 (message, data, links, meta). */
export function paginate<T>(options: {
  data: T[];
  total: number;
  page: number;
  perPage: number;
  path: string;
  message?: string;
}): Paginated<T> {
  const { data, total, page, perPage, path } = options;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (target: number) => `${path}?page=${target}&itemsPerPage=${perPage}`;
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    message: options.message ?? '',
    data,
    links: { first: url(1), last: url(lastPage) },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      links: [
        { url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false },
        ...Array.from({ length: lastPage }, (_, index) => ({
          url: url(index + 1),
          label: String(index + 1),
          active: index + 1 === page,
        })),
        { url: page < lastPage ? url(page + 1) : null, label: 'Next &raquo;', active: false },
      ],
      per_page: perPage,
      to: from === null ? null : from + data.length - 1,
      total,
    },
  };
}
