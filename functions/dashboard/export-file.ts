// The transactions export as a download: a small one comes back as the CSV itself (saved from a
// blob), a large one as a link to the prepared file (followed by the browser, which saves it).
import { ApiError, apiUrl, messageOf } from './api.ts';
import { currentKey } from './session.ts';

export async function downloadTransactionsExport(search: string): Promise<void> {
  const key = currentKey();
  let response: Response;
  try {
    response = await fetch(apiUrl(`/transactions/export${search}`), {
      headers: {
        ...(key ? { authorization: `Basic ${btoa(`secret:${key}`)}` } : {}),
        accept: 'text/csv, application/json',
      },
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'The service cannot be reached. Check your connection and try again.');
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('text/csv')) {
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    save(URL.createObjectURL(await response.blob()), name ?? 'transactions.csv');
    return;
  }
  const body = await response.json().catch(() => undefined);
  if (response.ok && typeof (body as { url?: unknown })?.url === 'string') {
    save((body as { url: string }).url, '');
    return;
  }
  throw new ApiError(response.status, messageOf(response.status, body));
}

function save(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  if (href.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
