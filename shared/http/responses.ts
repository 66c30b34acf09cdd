// What a use-case handler returns; the middleware serializes it.
export interface HttpResult {
  statusCode: number;
  /** JSON-serialized unless it is already a string or a Buffer (sent base64-encoded). */
  body?: unknown;
  headers?: Record<string, string>;
}

export const ok = <T>(body: T, headers?: Record<string, string>) => ({
  statusCode: 200 as const,
  body,
  ...(headers ? { headers } : {}),
});
export const created = <T>(body: T, headers?: Record<string, string>) => ({
  statusCode: 201 as const,
  body,
  ...(headers ? { headers } : {}),
});
export const accepted = <T>(body: T, headers?: Record<string, string>) => ({
  statusCode: 202 as const,
  body,
  ...(headers ? { headers } : {}),
});
export const html = (statusCode: number, page: string, headers: Record<string, string> = {}): HttpResult => ({
  statusCode,
  body: page,
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
});
