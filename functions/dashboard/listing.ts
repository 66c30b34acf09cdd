// One page of an API listing, read again whenever its query changes, and refreshed on a timer
// when it is an unfiltered first page (new items and status changes show up; live-refresh.ts).
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, type Page, query } from './api.ts';
import { type ListingParams, liveRefreshMs, refreshesLive } from './live-refresh.ts';

export function useListing<T>(path: string, params: ListingParams) {
  const url = `${path}${query(params)}`;
  const live = refreshesLive(params);
  const [page, setPage] = useState<Page<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setPage(await api<Page<T>>('GET', url));
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, [url]);
  useEffect(() => {
    void load();
    if (!live) return;
    const timer = setInterval(() => void load(), liveRefreshMs);
    return () => clearInterval(timer);
  }, [load, live]);
  return { page, error, reload: load };
}
