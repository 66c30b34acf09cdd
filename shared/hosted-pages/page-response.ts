// The response headers of every hosted page: the render's own CSP, no MIME sniffing, no
// Referer (the URL holds the token), and no caching anywhere (the page shows live status).
import { type HttpResult, html } from '../http/responses.ts';
import { renderInvalidLinkPage } from './render/status-pages.ts';
import type { RenderedPage } from './render/view-models.ts';

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

/** Unknown, malformed or wrong-kind token, and the Pay action where the sandbox is off. */
export function invalidLinkResponse(): HttpResult {
  return pageResponse(404, renderInvalidLinkPage());
}

export function seeOther(location: string): HttpResult {
  return { statusCode: 303, headers: { location, ...pageSecurityHeaders } };
}
