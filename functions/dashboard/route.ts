// Where the dashboard is: the hash holds the section, an id and the page's state as a query
// (#/transactions?status=PAID&cursor=…), so Back, reload and a new tab open the same view.
export interface Route {
  path: string[];
  query: URLSearchParams;
}

export function currentRoute(): Route {
  const [path = '', search = ''] = location.hash.replace(/^#\/?/, '').split('?');
  return {
    path: (path || 'home').split('/').map(decodeURIComponent),
    query: new URLSearchParams(search),
  };
}

/** Moves to a section's view with its state; a new history entry, so Back returns here. */
export function navigate(path: string, query?: URLSearchParams): void {
  const search = query?.toString();
  location.hash = `#/${path}${search ? `?${search}` : ''}`;
}
