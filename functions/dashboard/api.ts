// Calls to the service's public API with the session's key. Errors come back as ApiError with
// the API's message (in the dashboard's language where the catalogue has its words:
// api-error-words.ts) and, when the message names a field ("url: must be…"), that field.
import { imageTooLarge } from '../../shared/http/too-large.ts';
import { apiErrorWords } from './api-error-words.ts';
import { t } from './i18n/i18n.ts';
import { retryDelayMs } from './retry.ts';
import { currentKey, signOut } from './session.ts';

export class ApiError extends Error {
  readonly status: number;
  /** The field the API's message names, if any. */
  readonly field: string | null;
  /** What is wrong with the field (the message without it), in the dashboard's language when it has the words. */
  readonly detail: string;
  constructor(status: number, message: string) {
    const match = /^([A-Za-z][\w.[\]]*): (.*)$/s.exec(message);
    const field = match ? (match[1]!.split(/[.[]/)[0] ?? null) : null;
    const detail = match ? match[2]! : message;
    // A rule or field without words keeps the API's English, whole.
    const words = match ? apiErrorWords(field, detail) : null;
    super(words?.message ?? message);
    this.status = status;
    this.field = field;
    this.detail = words?.rule ?? detail;
  }
}

/** Where the API lives: the same origin locally; in AWS, config.json next to the page says. */
let apiBase = '';
export async function loadApiBase(): Promise<void> {
  try {
    const response = await fetch('config.json', { cache: 'no-store' });
    if (response.ok) apiBase = ((await response.json()) as { apiBaseUrl?: string }).apiBaseUrl ?? '';
  } catch {
    // No config: same origin.
  }
}

/** The API's address of a path (downloads that are not JSON fetch it themselves). */
export function apiUrl(path: string): string {
  return `${apiBase}${path}`;
}

/** What the page shows for a failed call: the API's message, else one in the merchant's words. */
export function messageOf(status: number, body: unknown): string {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  // A 413 without the service's own body came from the platform in front of it (API Gateway's
  // 10 MB, Lambda's 6 MB: "Request Too Long"); only image uploads send bodies that large.
  if (status === 413 && typeof record?.error !== 'string') return imageTooLarge('image');
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string' && status !== 401 && status !== 403) return record.message;
    if (typeof record.error === 'string' && record.error !== 'Unauthorized' && record.error !== 'Forbidden')
      return record.error;
    if (typeof record.message === 'string') return record.message;
  }
  if (status === 403) return t('error.forbidden');
  return t('error.http', { status });
}

export async function api<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; form?: FormData; key?: string; idempotencyKey?: string } = {},
): Promise<T> {
  const key = options.key ?? currentKey();
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Basic ${btoa(`secret:${key}`)}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  let response: Response | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      response = await fetch(`${apiBase}${path}`, {
        method,
        headers,
        body,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      response = undefined;
    }
    const delayMs = retryDelayMs(
      method === 'GET' || options.idempotencyKey !== undefined,
      response?.status ?? 0,
      response?.headers.get('retry-after') ?? null,
      attempt,
    );
    if (delayMs === null || response?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  if (!response) throw new ApiError(0, t('error.offline'));
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.status === 401 && !options.key) signOut();
  if (!response.ok) throw new ApiError(response.status, messageOf(response.status, parsed));
  return parsed as T;
}

export type { Page } from './types.ts';

export function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
