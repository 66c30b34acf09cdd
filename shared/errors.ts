// Domain errors carry an HTTP status and a stable code; the error mapper turns them into the
// route's body shape. Messages are written for the merchant developer: they name the field
// and the rule, and never carry internals.

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  /** Response headers that belong to this error (e.g. `Retry-After` on a 429). */
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'auth.unauthorized', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'auth.forbidden', message);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const gone = (code: string, message: string) => new AppError(410, code, message);
export const payloadTooLarge = (message: string) => new AppError(413, 'request.too_large', message);
export const unsupportedMediaType = (message: string) =>
  new AppError(415, 'request.unsupported_media_type', message);
export const unprocessable = (code: string, message: string) => new AppError(422, code, message);
export const tooManyRequests = (message: string, headers: Record<string, string>) =>
  new AppError(429, 'request.rate_limited', message, headers);
/** A party the request needs did not answer, and nothing was done: try again after `retryAfterSeconds`. */
export const serviceUnavailable = (code: string, message: string, retryAfterSeconds: number) =>
  new AppError(503, code, message, { 'retry-after': String(retryAfterSeconds) });
