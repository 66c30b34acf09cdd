// The response headers of every hosted page: the render's own CSP, no MIME sniffing, no
// Referer (the URL holds the token), and no caching anywhere (the page shows live status).
import { type HttpResult, html } from '../http/responses.ts';
import { payerLang } from './render/locale.ts';
import { renderInvalidLinkPage } from './render/status-pages.ts';
import type { PageCurrency, RenderedPage } from './render/view-models.ts';

export const pageSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  // Payers reach the pages from e-mails and chats: never let a later visit fall back to http.
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
} as const;

export function pageResponse(statusCode: number, page: RenderedPage): HttpResult {
  return html(statusCode, page.html, { 'content-security-policy': page.csp, ...pageSecurityHeaders });
}

/** What an invalid link's page may speak from: the currency its address implies, the browser's language. */
export interface InvalidLinkHints {
  currency?: PageCurrency | null;
  acceptLanguage?: string | null;
}

/**
 * Unknown, malformed or wrong-kind token, and the Pay action where the sandbox is off; in the
 * payer's language as far as the request tells it (never from a record, which would say it exists).
 */
export function invalidLinkResponse(hints: InvalidLinkHints = {}): HttpResult {
  return pageResponse(404, renderInvalidLinkPage({ lang: payerLang(hints) }));
}

/** The request's `Accept-Language`, whichever case the gateway gave its name. */
export function acceptLanguageOf(
  headers: Record<string, string | undefined> | null | undefined,
): string | null {
  if (!headers) return null;
  for (const [name, value] of Object.entries(headers))
    if (name.toLowerCase() === 'accept-language') return value ?? null;
  return null;
}

export function seeOther(location: string): HttpResult {
  return { statusCode: 303, headers: { location, ...pageSecurityHeaders } };
}
