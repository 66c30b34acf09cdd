// The transactions page's state as it lives in the URL: the filters (days of the account's time
// zone) and the cursors of the pages walked to reach this one, so Back, reload and a new tab show
// the same page. Pure, apart from reading the account's zone for the request.
import { dayRange } from '../../shared/time/zoned-days.ts';

export interface Filters {
  status: string;
  currency: string;
  method: string;
  createdFrom: string;
  createdTo: string;
}

export const filterNames = ['status', 'currency', 'method', 'createdFrom', 'createdTo'] as const;

export const emptyFilters: Filters = { status: '', currency: '', method: '', createdFrom: '', createdTo: '' };

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export function filtersOf(query: URLSearchParams): Filters {
  const filters = { ...emptyFilters };
  for (const name of filterNames) filters[name] = query.get(name) ?? '';
  if (!isDay(filters.createdFrom)) filters.createdFrom = '';
  if (!isDay(filters.createdTo)) filters.createdTo = '';
  return filters;
}

/** The cursors of the pages before this one and this one's, oldest first (none: the first page). */
export function cursorsOf(query: URLSearchParams): string[] {
  return query.getAll('cursor');
}

export function queryOf(filters: Filters, cursors: readonly string[] = []): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of filterNames) if (filters[name]) query.set(name, filters[name]);
  for (const cursor of cursors) query.append('cursor', cursor);
  return query;
}

/** GET /transactions's parameters: the days become the instants they start and end in the zone. */
export function listingParams(filters: Filters, cursor: string | null, timeZone: string) {
  const range = dayRange(filters.createdFrom || null, filters.createdTo || null, timeZone);
  return {
    limit: 20,
    cursor,
    status: filters.status,
    currency: filters.currency,
    method: filters.method,
    createdFrom: range.from ?? '',
    createdTo: range.to ?? '',
  };
}
