// The one place that turns a thrown error into an HTTP response, in the body shape of the
// route's area: catalog `{status, error}`, transaction `{statusCode, message, error}`.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError } from '../errors.ts';
import type { ErrorShape } from '../route-def.ts';
import { escapeHtml } from './html.ts';
import { statusText } from './status-text.ts';

export interface MappedError {
  status: number;
  message: string;
  /** True for faults of ours (5xx) that must be logged with their stack. */
  fault: boolean;
}

/** middy's parsers throw http-errors style objects: JSON 415/422, multipart 415/422. */
function isHttpError(error: unknown): error is { statusCode: number; message: string; expose?: boolean } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number'
  );
}

export function mapError(error: unknown): MappedError {
  if (error instanceof AppError)
    return { status: error.status, message: error.message, fault: error.status >= 500 };
  if (isHttpError(error) && error.statusCode < 500) {
    // A body the parser could not read is a client mistake in the request body: the contract's 400.
    if (error.statusCode === 415 || error.statusCode === 422) {
      return {
        status: 400,
        message: 'body: must be a valid JSON object sent with Content-Type: application/json',
        fault: false,
      };
    }
    return {
      status: error.statusCode,
      message: error.expose === false ? statusText(error.statusCode) : error.message,
      fault: false,
    };
  }
  return { status: 500, message: 'Internal Server Error', fault: true };
}

export function errorBody(shape: ErrorShape, status: number, message: string): string {
  if (shape === 'catalog') return JSON.stringify({ status, error: message });
  if (shape === 'transaction')
    return JSON.stringify({ statusCode: status, message, error: statusText(status) });
  const title = escapeHtml(statusText(status));
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${status} ${title}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">',
    `<h1>${title}</h1><p>${escapeHtml(message)}</p></body></html>`,
  ].join('');
}

export function errorResponse(
  shape: ErrorShape,
  error: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 & { mapped: MappedError } {
  const mapped = mapError(error);
  const contentType = shape === 'page' ? 'text/html; charset=utf-8' : 'application/json';
  return {
    statusCode: mapped.status,
    headers: { 'content-type': contentType, ...headers, ...(error instanceof AppError ? error.headers : {}) },
    body: errorBody(shape, mapped.status, mapped.message),
    mapped,
  };
}
