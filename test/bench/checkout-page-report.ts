// The hosted checkout's first load in the bench's report: a row per currency and the verdict.
import { type CheckoutPageWeight, checkoutPageTargetBytes } from './checkout-page-weight.ts';
import { type Cell, markdownTable, textTable } from './tables.ts';

const header = [
  'currency',
  'methods',
  'document (inline script and styles)',
  'other (product image)',
  'total',
  'requests',
  'outside the origin',
];
const align = [false, true, true, true, true, true, true];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function rows(weights: readonly CheckoutPageWeight[]): Cell[][] {
  return weights.map((row) => [
    row.currency,
    row.methods,
    kb(row.documentBytes),
    kb(row.otherBytes),
    kb(row.totalBytes),
    row.requests,
    row.foreignRequests.length,
  ]);
}

export function checkoutPageVerdict(weights: readonly CheckoutPageWeight[]): string {
  const heaviest = weights.reduce((top, row) => (row.totalBytes > top.totalBytes ? row : top), weights[0]!);
  const foreign = weights.flatMap((row) => row.foreignRequests);
  const light = heaviest.totalBytes <= checkoutPageTargetBytes;
  return `${light && foreign.length === 0 ? 'met' : 'missed'} (heaviest ${heaviest.currency} ${kb(heaviest.totalBytes)}, ${foreign.length} request(s) outside the origin)`;
}

const method =
  "A session per currency offering every method of the currency, its product with a description and a 16×16 PNG, loaded in Chromium at 390 px until the network is idle; bytes are each response's body and headers as received (no compression: API Gateway's HTTP APIs do not compress). Target: ≤ 30 KB in all and no request outside the origin.";

export function renderCheckoutPageText(weights: readonly CheckoutPageWeight[]): string {
  return [
    textTable(header, rows(weights), align),
    `   ${method}`,
    `   Target: ${checkoutPageVerdict(weights)}`,
  ].join('\n');
}

export function renderCheckoutPageMarkdown(weights: readonly CheckoutPageWeight[]): string {
  return [
    "## The hosted checkout's first load",
    '',
    method,
    '',
    markdownTable(header, rows(weights), align),
    '',
    `Target: ${checkoutPageVerdict(weights)}. Locally product images are served from the page's origin (\`/_images\`); on AWS they come from the image CDN, the one other origin the page's CSP allows for images.`,
  ].join('\n');
}
