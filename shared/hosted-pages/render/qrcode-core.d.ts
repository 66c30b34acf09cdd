// The QR encoder alone (the `qrcode` package's core), without its PNG and terminal renderers:
// the pages draw SVG themselves, and the renderers' `pngjs` would ride in every page's bundle.
declare module 'qrcode/lib/core/qrcode.js' {
  export { create } from 'qrcode';
}
