// The transactions page's state in the URL: what a reload, Back or a new tab reads back, and the
// listing request it makes (days of the account's zone as the instants they span).
import { describe, expect, it } from 'vitest';
import {
  cursorsOf,
  emptyFilters,
  filtersOf,
  listingParams,
  queryOf,
} from '../../functions/dashboard/transaction-filters.ts';

describe('transactions page state', () => {
  it('reads back from the URL what it wrote: filters and the cursors walked', () => {
    const filters = { ...emptyFilters, status: 'PAID', currency: 'BRL', createdFrom: '2026-11-01' };
    const query = queryOf(filters, ['c1', 'c2']);
    const reread = new URLSearchParams(query.toString());
    expect(filtersOf(reread)).toEqual(filters);
    expect(cursorsOf(reread)).toEqual(['c1', 'c2']);
    expect(queryOf(emptyFilters).toString()).toBe('');
  });

  it('ignores a date that is not a day', () => {
    expect(filtersOf(new URLSearchParams('createdFrom=yesterday&createdTo=2026-11-31T00')).createdFrom).toBe(
      '',
    );
  });

  it("asks for the instants the account's days span", () => {
    const filters = { ...emptyFilters, createdFrom: '2026-11-26', createdTo: '2026-11-26' };
    expect(listingParams(filters, 'c1', 'America/Sao_Paulo')).toMatchObject({
      limit: 20,
      cursor: 'c1',
      createdFrom: '2026-11-26T03:00:00.000Z',
      createdTo: '2026-11-27T02:59:59.999Z',
    });
  });
});
