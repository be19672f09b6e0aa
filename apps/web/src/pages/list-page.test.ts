import { describe, expect, it } from 'vitest';
import { listPageSearch, parseListPage } from './list-page';

describe('list page in the URL', () => {
  it('reads page and page size', () => {
    expect(parseListPage(new URLSearchParams('page=3&itemsPerPage=15'))).toEqual({
      page: 3,
      itemsPerPage: 15,
    });
  });

  it('falls back to page 1 of 10 for missing or odd values', () => {
    for (const query of [
      '',
      'page=0&itemsPerPage=7',
      'page=-2&itemsPerPage=abc',
      'page=1.5&itemsPerPage=1000',
    ]) {
      expect(parseListPage(new URLSearchParams(query))).toEqual({ page: 1, itemsPerPage: 10 });
    }
  });

  it('writes only what differs from the defaults', () => {
    expect(listPageSearch({ page: 1, itemsPerPage: 10 })).toEqual({});
    expect(listPageSearch({ page: 2, itemsPerPage: 50 })).toEqual({ page: '2', itemsPerPage: '50' });
  });
});
