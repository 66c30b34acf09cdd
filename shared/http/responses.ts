// What a use-case handler returns; the middleware serializes it.
export interface HttpResult {
  statusCode: number;
  /** JSON-serialized unless it is already a string or a Buffer (sent base64-encoded). */
  body?: unknown;
  headers?: Record<string, string>;
}

export const ok = (body: unknown, headers?: Record<string, string>): HttpResult => ({
  statusCode: 200,
  body,
  ...(headers ? { headers } : {}),
});
export const created = (body: unknown, headers?: Record<string, string>): HttpResult => ({
  statusCode: 201,
  body,
  ...(headers ? { headers } : {}),
});
export const html = (statusCode: number, page: string, headers: Record<string, string> = {}): HttpResult => ({
  statusCode,
  body: page,
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
});
