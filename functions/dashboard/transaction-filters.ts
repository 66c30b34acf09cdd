// The transactions page's state as it lives in the URL: the filters (days of the account's time
// zone) and the cursors of the pages walked to reach this one, so Back, reload and a new tab show
// the same page. Pure, apart from reading the account's zone for the request.
import { dayRange } from '../../shared/time/zoned-days.ts';

export interface Filters {
  /** The search: an id, an external ID, a payer's e-mail or the start of their name. */
  q: string;
  status: string;
  currency: string;
  method: string;
  createdFrom: string;
  createdTo: string;
}

export const filterNames = ['q', 'status', 'currency', 'method', 'createdFrom', 'createdTo'] as const;

export const emptyFilters: Filters = {
  q: '',
  status: '',
  currency: '',
  method: '',
  createdFrom: '',
  createdTo: '',
};

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

/** What the filters select, as GET /transactions (and its export) read it: days become the instants they start and end in the zone. */
export function selectionParams(filters: Filters, timeZone: string) {
  const range = dayRange(filters.createdFrom || null, filters.createdTo || null, timeZone);
  return {
    q: filters.q.trim(),
    status: filters.status,
    currency: filters.currency,
    method: filters.method,
    createdFrom: range.from ?? '',
    createdTo: range.to ?? '',
  };
}

/** GET /transactions's parameters for one page of the selection. */
export function listingParams(filters: Filters, cursor: string | null, timeZone: string) {
  return { limit: 20, cursor, ...selectionParams(filters, timeZone) };
}
