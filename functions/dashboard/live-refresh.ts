// Which listings the dashboard refreshes on a timer: only a first page asked with nothing but a
// page size. A filtered request may read up to the API's per-request bound and find nothing (a
// rare status on a busy account), so a filtered listing is read when the merchant asks, never on
// a timer; a later page does not change while the merchant reads it.
export type ListingParams = Record<string, string | number | null | undefined>;

export const liveRefreshMs = 3000;

export function refreshesLive(params: ListingParams): boolean {
  return Object.entries(params).every(
    ([name, value]) => name === 'limit' || value === null || value === undefined || value === '',
  );
}
