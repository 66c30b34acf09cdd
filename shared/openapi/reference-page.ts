// GET /docs: the API reference, rendered in the browser by Redoc from /openapi.json. Redoc's
// standalone bundle is served by this service (no CDN) and starts itself from the <redoc>
// element, so the page has no inline script at all. Redoc's styled-components write <style>
// elements at run time, hence 'unsafe-inline' for styles only; its search runs in a blob: worker.
import { type HttpResult, html } from '../http/responses.ts';

export const referenceScriptPath = 'docs/redoc.standalone.js';

export const referencePageCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Relative URLs: the page works under any base path (/docs → /openapi.json, /docs/redoc…).
const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Catalog and cash-in API reference</title>
</head>
<body>
<redoc spec-url="openapi.json" disable-telemetry="true" required-props-first="true" path-in-middle-panel="true" sort-required-props-first="true"></redoc>
<script src="${referenceScriptPath}"></script>
</body>
</html>
`;

export function referencePage(): HttpResult {
  return html(200, page, {
    'content-security-policy': referencePageCsp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'public, max-age=300',
  });
}
