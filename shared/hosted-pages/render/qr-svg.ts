import { create as createQr } from 'qrcode/lib/core/qrcode.js';
import { svgAttributes } from './svg-attributes.ts';

export interface QrSvgOptions {
  /** Accessible name of the image. */
  label: string;
  /** Extra attributes for the root <svg>, e.g. { 'data-testid': 'qr-image' }; values are escaped. */
  attributes?: Record<string, string>;
}

/** The QR quiet zone required by ISO/IEC 18004, in modules. */
export const QR_QUIET_ZONE = 4;

/**
 * A QR code (error correction M, what payment apps expect for EMVCo payloads) as an inline SVG
 * drawn from the module matrix: one module per viewBox unit, dark runs of each row as one
 * rectangle, the quiet zone and a white background inside the image. Inline SVG needs no
 * img-src in the page's CSP and stays sharp at any size and in print.
 */
export function renderQrSvg(payload: string, options: QrSvgOptions): string {
  if (payload.length === 0) throw new RangeError('qrPayload: must not be empty');
  const { modules } = createQr(payload, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const full = size + 2 * QR_QUIET_ZONE;
  let path = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && modules.get(row, col)) col++;
      const width = col - start;
      path += `M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${width}v1h-${width}z`;
    }
  }
  const attributes = {
    viewBox: `0 0 ${full} ${full}`,
    xmlns: 'http://www.w3.org/2000/svg',
    role: 'img',
    'aria-label': options.label,
    'shape-rendering': 'crispEdges',
    focusable: 'false',
    ...options.attributes,
  };
  return (
    `<svg${svgAttributes(attributes)}>` +
    `<rect width="${full}" height="${full}" fill="#FFFFFF"/>` +
    `<path fill="#000000" d="${path}"/>` +
    `</svg>`
  );
}
