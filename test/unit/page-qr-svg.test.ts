import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, renderQrSvg } from '../../shared/hosted-pages/render/qr-svg.ts';
import { decodeQrGrid, qrErrorCorrectionLevel, qrGridFromSvg } from '../support/page-decoders.ts';

// EMVCo merchant-presented payload shape (BOB, amount, CRC tag 63).
const EMV =
  '00020101021226360014BO.COM.SANDBOX0114RED-ALTIPLANO5204000053030685406125.505802BO5913Red Altiplano6006La Paz62140510TX72836491026304A1B2';

describe('renderQrSvg', () => {
  it('draws a QR code that decodes to exactly the payload', () => {
    expect(decodeQrGrid(qrGridFromSvg(renderQrSvg(EMV, { label: 'QR' })))).toBe(EMV);
  });

  it('decodes exactly for short, long and non-ASCII payloads', () => {
    for (const payload of ['1', 'pix é ñ ü 💸', 'A'.repeat(600), `${EMV}\n${EMV}`]) {
      expect(decodeQrGrid(qrGridFromSvg(renderQrSvg(payload, { label: 'QR' })))).toBe(payload);
    }
  });

  it('uses error correction level M and a 4-module quiet zone inside the image', () => {
    const grid = qrGridFromSvg(renderQrSvg(EMV, { label: 'QR' }));
    expect(qrErrorCorrectionLevel(grid, QR_QUIET_ZONE)).toBe('M');
    for (let i = 0; i < grid.modules; i++) {
      for (let q = 0; q < QR_QUIET_ZONE; q++) {
        expect(
          grid.dark(q, i) ||
            grid.dark(i, q) ||
            grid.dark(grid.modules - 1 - q, i) ||
            grid.dark(i, grid.modules - 1 - q),
        ).toBe(false);
      }
    }
  });

  it('the decoder notices a damaged symbol', () => {
    const svg = renderQrSvg(EMV, { label: 'QR' });
    // Drop the finder patterns' rows: nothing readable is left.
    const damaged = svg.replace(/M\d+ [4-9]h\d+v1h-\d+z/g, '');
    expect(decodeQrGrid(qrGridFromSvg(damaged))).toBeNull();
  });

  it('has an accessible name, escaped attributes and no style attributes', () => {
    const svg = renderQrSvg(EMV, { label: '<QR>', attributes: { 'data-testid': 'qr-image' } });
    expect(svg).toContain('aria-label="&lt;QR&gt;"');
    expect(svg).toContain('data-testid="qr-image"');
    expect(svg).not.toMatch(/\sstyle=/);
    expect(() => renderQrSvg('', { label: 'QR' })).toThrow(/qrPayload: must not be empty/);
  });
});
