import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../../http/html.ts';
import { brandCss } from './brand-palette.ts';
import { messagesFor } from './messages.ts';
import { PAGE_SCRIPT } from './page-script.ts';
import { FORM_CSS, PAGE_CSS } from './page-style.ts';
import type { PageBrand, PageLang, RenderedPage } from './view-models.ts';

export interface PageShell {
  lang: PageLang;
  /** Document title (plain text). */
  title: string;
  merchantName?: string | null;
  brand?: PageBrand | null;
  sandbox: boolean;
  /** Trusted HTML of <main>; callers escape every value they put in it. */
  main: string;
  /** Shown in the footer so the payer can quote it to support. */
  transactionId?: string | null;
  /** Include the page script (copy, print and Pay buttons, or `scriptSource`) and allow it in the CSP. */
  script: boolean;
  /** The script to include instead of the payer pages' own. */
  scriptSource?: string;
  /** The page's script asks this origin for its transaction's status (`connect-src 'self'`). */
  watchesStatus?: boolean;
  /** A form page (the hosted checkout): only the styles of forms, none of payment instructions or print. */
  formOnly?: boolean;
  /** Images the main part shows besides the logo (a product's), whose origins the CSP allows. */
  imageUrls?: readonly string[];
  /** Reload after this many seconds (instructions still being prepared); meta refresh needs no script. */
  refreshSeconds?: number;
}

/** 128 random bits, fresh for every render (a reused nonce would let injected markup run). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Strict policy: nothing loads from anywhere (fonts, images, frames, connections); the inline
 * style and, when present, the inline script run only because they carry this render's nonce;
 * forms post to this origin only (so a sandbox Pay handler must redirect within the origin);
 * no <base> rewriting; no framing (clickjacking).
 */
export function contentSecurityPolicy(
  nonce: string,
  options: {
    script: boolean;
    imageOrigin?: string | null;
    imageOrigins?: readonly string[];
    connectSelf?: boolean;
  },
): string {
  const imageOrigins = [
    ...new Set([...(options.imageOrigin ? [options.imageOrigin] : []), ...(options.imageOrigins ?? [])]),
  ];
  return [
    "default-src 'none'",
    // The merchant's logo and product images are the only images from elsewhere (the image CDN).
    `img-src data:${imageOrigins.map((origin) => ` ${origin}`).join('')}`,
    `style-src 'nonce-${nonce}'`,
    ...(options.script ? [`script-src 'nonce-${nonce}'`] : []),
    ...(options.connectSelf ? ["connect-src 'self'"] : []),
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const lockIcon =
  '<svg class="lock" viewBox="0 0 16 16" aria-hidden="true" focusable="false">' +
  '<path fill="currentColor" d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 6V4.5a2 2 0 1 1 4 0V7H6Z"/>' +
  '</svg>';

export function renderPage(shell: PageShell): RenderedPage {
  const nonce = newNonce();
  const m = messagesFor(shell.lang);
  const merchant = shell.merchantName?.trim() || m.merchantFallback;
  const initial = Array.from(merchant)[0]?.toUpperCase() ?? '';
  const brandColor =
    shell.brand?.color && /^#[0-9a-f]{6}$/i.test(shell.brand.color) ? shell.brand.color : null;
  const logo = imageOf(shell.brand?.logoUrl);
  const mark = logo
    ? `<span class="merchant-logo-box"><img class="merchant-logo" src="${escapeHtml(logo.href)}" alt="" data-testid="merchant-logo"></span>`
    : `<span class="merchant-mark" aria-hidden="true">${escapeHtml(initial)}</span>`;
  const badge = shell.sandbox
    ? `<span class="badge-sandbox" data-testid="sandbox-badge">${escapeHtml(m.sandboxBadge)}</span>`
    : '';
  const footerLines = [
    `<p>${lockIcon}${escapeHtml(m.securePage)}</p>`,
    shell.transactionId
      ? `<p>${escapeHtml(m.transaction)} <span data-testid="transaction-id">${escapeHtml(shell.transactionId)}</span></p>`
      : '',
    shell.sandbox ? `<p>${escapeHtml(m.sandboxNotice)}</p>` : '',
  ].join('');
  const html = `<!doctype html>
<html lang="${escapeHtml(shell.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light">
<meta name="format-detection" content="telephone=no">
${shell.refreshSeconds ? `<meta http-equiv="refresh" content="${Math.max(1, Math.trunc(shell.refreshSeconds))}">\n` : ''}<title>${escapeHtml(shell.title)} · ${escapeHtml(merchant)}</title>
<style nonce="${nonce}">${shell.formOnly ? FORM_CSS : PAGE_CSS}${brandColor ? brandCss(brandColor) : ''}</style>
</head>
<body>
<header class="top"><div class="wrap">
<div class="merchant">${mark}<span class="merchant-name" data-testid="merchant-name">${escapeHtml(merchant)}</span></div>
${badge}
</div></header>
<main class="wrap" id="main">
${shell.main}
</main>
<footer class="wrap">${footerLines}</footer>
<p id="live-region" class="sr-only" aria-live="polite"></p>
${shell.script ? `<script nonce="${nonce}">${shell.scriptSource ?? PAGE_SCRIPT}</script>\n` : ''}</body>
</html>
`;
  return {
    html,
    csp: contentSecurityPolicy(nonce, {
      script: shell.script,
      imageOrigin: logo?.origin ?? null,
      imageOrigins: (shell.imageUrls ?? []).flatMap((url) => imageOf(url)?.origin ?? []),
      connectSelf: shell.script && shell.watchesStatus === true,
    }),
  };
}

/** Only an absolute http(s) URL becomes an image; its origin is then allowed for images. */
export function imageOf(url: string | null | undefined): { href: string; origin: string } | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return { href: parsed.href, origin: parsed.origin };
  } catch {
    return null;
  }
}
