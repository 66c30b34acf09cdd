import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16Hex } from '../../shared/rails/crc16.ts';
import {
  appendEmvCrc,
  type BolivianQrInput,
  buildBolivianQr,
  EmvParseError,
  encodeTlv,
  foldEmvText,
  formatEmvAmount,
  parseBolivianQr,
  parseEmv,
  verifyEmvCrc,
} from '../../shared/rails/emv-qr.ts';

// Banco Central do Brasil, "Manual de Padrões para Iniciação do Pix" (BR Code is EMV QRCPS-MPM
// with the same CRC), examples of sections 6.1 and 6.2 as reproduced in
// https://gist.github.com/matheusb-comp/1efa205b3c0ffd7af1e8ce63a10e02dc
const BCB_DYNAMIC =
  '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99' +
  '5204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB';
// The static example declares field 62 as 08 characters but carries 7 ("0503***"); its
// published CRC 170E is computed over exactly this text.
const BCB_STATIC_AS_PUBLISHED =
  '00020126360014BR.GOV.BCB.PIX0114+5511943214321520400005303986540566.665802BR5907EMPRESA6008BRASILIA' +
  '62080503***6304170E';
// QI Tech, "Decodificar QR Code" request example,
// https://docs.qitech.com.br/documentation/pix_indireto/qr_code/decodificar_qr_code/index.html
const QI_TECH_STATIC =
  '00020126580014br.gov.bcb.pix0136a23bf0e9-5175-4829-bf89-e8fe6ac09aa1520400005303986540530.00' +
  '5802BR5914TywinLannister6008saopaulo62070503***6304D4FD';

const INPUT: BolivianQrInput = {
  merchantAccount: { gui: 'bo.sandbox.qr', merchantId: 'M0001' },
  merchantName: 'Tienda Sandbox',
  merchantCity: 'La Paz',
  amountCents: 1000,
  reference: 'TX1767225600000123456',
};

function parseError(payload: string): EmvParseError {
  try {
    parseEmv(payload);
  } catch (error) {
    if (error instanceof EmvParseError) return error;
    throw error;
  }
  throw new Error('expected an EmvParseError');
}

describe('encodeTlv', () => {
  it('writes id, two-digit length and value', () => {
    expect(encodeTlv('00', '01')).toBe('000201');
    expect(encodeTlv('59', 'EMPRESA')).toBe('5907EMPRESA');
    expect(encodeTlv('62', '0503***')).toBe('62070503***');
    expect(encodeTlv('26', 'x'.repeat(99))).toBe(`2699${'x'.repeat(99)}`);
  });

  it('counts characters, not bytes or UTF-16 units', () => {
    expect(encodeTlv('59', 'Ñandú')).toBe('5905Ñandú');
    expect(encodeTlv('59', '😀')).toBe('5901😀');
  });

  it('refuses empty or over-long values and bad ids', () => {
    expect(() => encodeTlv('59', '')).toThrow(/field 59: value must be 1 to 99 characters, got 0/);
    expect(() => encodeTlv('26', 'x'.repeat(100))).toThrow(/got 100/);
    expect(() => encodeTlv('5', 'x')).toThrow(/2 digits/);
    expect(() => encodeTlv('5A', 'x')).toThrow(/2 digits/);
  });
});

describe('parseEmv', () => {
  it('reads the BCB dynamic example in order, with the merchant account and additional data templates', () => {
    const { fields, values } = parseEmv(BCB_DYNAMIC);
    expect(fields.map((f) => f.id)).toEqual(['00', '01', '26', '52', '53', '58', '59', '60', '62', '63']);
    expect(fields[2]?.children?.map((c) => c.id)).toEqual(['00', '25']);
    expect(values['26.00']).toBe('BR.GOV.BCB.PIX');
    expect(values['26.25']).toBe('pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99');
    expect(values['60']).toBe('SAO PAULO');
    expect(values['62.05']).toBe('***');
    expect(values['63']).toBe('EEAB');
    expect(fields.find((f) => f.id === '59')?.children).toBeUndefined();
  });

  it('reads a static payload with an amount', () => {
    const { values } = parseEmv(QI_TECH_STATIC);
    expect(values['26.01']).toBe('a23bf0e9-5175-4829-bf89-e8fe6ac09aa1');
    expect(values['54']).toBe('30.00');
    expect(values['59']).toBe('TywinLannister');
  });

  it('rejects the published static example whose field 62 declares one character too many', () => {
    expect(verifyEmvCrc(BCB_STATIC_AS_PUBLISHED)).toBe(true);
    expect(parseError(BCB_STATIC_AS_PUBLISHED).message).toMatch(/truncated field 62 sub-field/);
  });

  it('detects truncation anywhere', () => {
    for (let cut = 1; cut < BCB_DYNAMIC.length; cut++) {
      expect(() => parseEmv(BCB_DYNAMIC.slice(0, -cut)), `cut ${cut}`).toThrow(EmvParseError);
    }
    const error = parseError(BCB_DYNAMIC.slice(0, -1));
    expect(error.message).toMatch(/truncated field 63: declares 4 characters but only 3 remain/);
    expect(error.position).toBe(BCB_DYNAMIC.length - 4);
  });

  it('detects a length that overruns its template', () => {
    // 26 declares 18 characters, its sub-field 00 claims 15.
    const payload = appendEmvCrc(`000201${encodeTlv('26', '0015BR.GOV.BCB.PIX')}5303068`);
    expect(parseError(payload).message).toMatch(
      /truncated field 26 sub-field 00: declares 15 characters but only 14 remain/,
    );
  });

  it.each([
    ['a non-digit length', '000201530A068', /length must be 2 digits/],
    ['a zero length', '00020153000', /length must be 2 digits from 01 to 99/],
    ['a non-digit id', '0002015X03068', /id must be 2 digits/],
    ['a repeated id', '00020153030685303068', /field 53 appears twice/],
  ])('rejects %s', (_what, head, message) => {
    expect(parseError(appendEmvCrc(head)).message).toMatch(message);
  });

  it('requires field 00 = "01" first and a hex field 63 last', () => {
    expect(parseError(appendEmvCrc('5303068000201')).message).toMatch(/start with field 00/);
    expect(parseError(appendEmvCrc('000202')).message).toMatch(/start with field 00/);
    expect(parseError('0002015303068').message).toMatch(/end with field 63/);
    expect(parseError(`${appendEmvCrc('000201')}5303068`).message).toMatch(/end with field 63/);
    expect(parseError('0002016304XYZW').message).toMatch(/4 hexadecimal digits/);
    expect(parseError('').message).toMatch(/non-empty/);
  });
});

describe('verifyEmvCrc', () => {
  it('accepts the published payloads', () => {
    expect(verifyEmvCrc(BCB_DYNAMIC)).toBe(true);
    expect(verifyEmvCrc(QI_TECH_STATIC)).toBe(true);
  });

  it('accepts lowercase hex', () => {
    expect(verifyEmvCrc(BCB_DYNAMIC.replace(/EEAB$/, 'eeab'))).toBe(true);
  });

  it('detects a changed amount, a changed CRC and truncation', () => {
    expect(verifyEmvCrc(QI_TECH_STATIC.replace('540530.00', '540530.01'))).toBe(false);
    expect(verifyEmvCrc(BCB_DYNAMIC.replace(/EEAB$/, 'EEAC'))).toBe(false);
    expect(verifyEmvCrc(BCB_DYNAMIC.slice(0, -1))).toBe(false);
    expect(verifyEmvCrc(BCB_DYNAMIC.slice(1))).toBe(false);
    expect(verifyEmvCrc('')).toBe(false);
  });

  it('detects any single changed character', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: BCB_DYNAMIC.length - 5 }),
        fc.integer({ min: 1, max: 94 }),
        (index, shift) => {
          const code = BCB_DYNAMIC.charCodeAt(index);
          const replaced = String.fromCharCode(((code - 0x20 + shift) % 95) + 0x20);
          expect(verifyEmvCrc(BCB_DYNAMIC.slice(0, index) + replaced + BCB_DYNAMIC.slice(index + 1))).toBe(
            false,
          );
        },
      ),
    );
  });
});

describe('appendEmvCrc', () => {
  it('computes the CRC over the payload including "6304"', () => {
    expect(appendEmvCrc(BCB_DYNAMIC.slice(0, -8))).toBe(BCB_DYNAMIC);
    expect(appendEmvCrc(QI_TECH_STATIC.slice(0, -8))).toBe(QI_TECH_STATIC);
  });
});

describe('formatEmvAmount', () => {
  it.each([
    [1000, '10.00'],
    [1, '0.01'],
    [5, '0.05'],
    [150, '1.50'],
    [123_456, '1234.56'],
    [1_000_000, '10000.00'],
    [999_999_999_999, '9999999999.99'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatEmvAmount(cents)).toBe(text);
  });

  it.each([0, -100, 10.5, Number.NaN, 1_000_000_000_000])('refuses %s', (cents) => {
    expect(() => formatEmvAmount(cents)).toThrow(/amountCents/);
  });
});

describe('foldEmvText', () => {
  it('folds accents and letters without a decomposition to ASCII', () => {
    expect(foldEmvText('Pollería Ñandú', 25)).toBe('Polleria Nandu');
    expect(foldEmvText('Cochabamba — Quillacollo', 40)).toBe('Cochabamba Quillacollo');
    expect(foldEmvText('Straße Œuvre Æon', 40)).toBe('Strasse OEuvre AEon');
    expect(foldEmvText('½ kilo ﬁno', 40)).toBe('1/2 kilo fino');
  });

  it('drops what has no ASCII form and collapses whitespace', () => {
    expect(foldEmvText('  Café\t\u00a0😀  Sucre ', 25)).toBe('Cafe Sucre');
    expect(foldEmvText('😀😀', 25)).toBe('');
  });

  it('cuts to the maximum without leaving a trailing space', () => {
    expect(foldEmvText('Santa Cruz de la Sierra', 15)).toBe('Santa Cruz de l');
    expect(foldEmvText('Supermercado El Gran Ahorro', 25)).toBe('Supermercado El Gran Ahor');
    expect(foldEmvText('Farmacia Boliviana Central', 19)).toBe('Farmacia Boliviana');
  });
});

describe('buildBolivianQr', () => {
  it('writes the dynamic BOB payload field by field', () => {
    const payload = buildBolivianQr(INPUT);
    const head =
      '000201' + // payload format indicator
      '010212' + // dynamic
      '2626' +
      '0013bo.sandbox.qr' +
      '0105M0001' + // merchant account template
      '52040000' + // merchant category code not given
      '5303068' + // BOB
      '540510.00' +
      '5802BO' +
      '5914Tienda Sandbox' +
      '6006La Paz' +
      '6225' +
      '0521TX1767225600000123456' +
      '6304';
    expect(payload).toBe(`${head}${crc16Hex(head)}`);
    expect(payload.slice(-4)).toMatch(/^[0-9A-F]{4}$/);
    expect(verifyEmvCrc(payload)).toBe(true);
  });

  it('round-trips through parseEmv and parseBolivianQr', () => {
    const payload = buildBolivianQr({ ...INPUT, merchantCategoryCode: '5812' });
    const { fields, values } = parseEmv(payload);
    expect(fields.map((f) => f.id)).toEqual([
      '00',
      '01',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    expect(values).toMatchObject({
      '52': '5812',
      '53': '068',
      '54': '10.00',
      '58': 'BO',
      '26.00': 'bo.sandbox.qr',
      '26.01': 'M0001',
      '62.05': INPUT.reference,
    });
    expect(parseBolivianQr(payload)).toEqual({
      merchantAccount: INPUT.merchantAccount,
      merchantName: 'Tienda Sandbox',
      merchantCity: 'La Paz',
      merchantCategoryCode: '5812',
      amountCents: 1000,
      reference: INPUT.reference,
    });
  });

  it('round-trips any amount and reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 1_000_000 }),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,25}$/),
        (amountCents, reference) => {
          const payload = buildBolivianQr({ ...INPUT, amountCents, reference });
          expect(verifyEmvCrc(payload)).toBe(true);
          const parsed = parseBolivianQr(payload);
          expect(parsed.amountCents).toBe(amountCents);
          expect(parsed.reference).toBe(reference);
        },
      ),
    );
  });

  it('folds and cuts the merchant name (25) and city (15)', () => {
    const payload = buildBolivianQr({
      ...INPUT,
      merchantName: 'Pollería y Heladería Ñandú Feliz',
      merchantCity: 'Santa Cruz de la Sierra',
    });
    const { values } = parseEmv(payload);
    expect(values['59']).toBe('Polleria y Heladeria Nand');
    expect(values['59']).toHaveLength(25);
    expect(values['60']).toBe('Santa Cruz de l');
    expect(payload).toMatch(/^[\x20-\x7E]+$/);
  });

  it('carries an expiry in template 80 as UTC YYYYMMDDhhmmss', () => {
    const payload = buildBolivianQr({ ...INPUT, expiresAt: '2026-03-01T08:30:00-04:00' });
    const { fields, values } = parseEmv(payload);
    expect(fields.map((f) => f.id).slice(-3)).toEqual(['62', '80', '63']);
    expect(values['80.00']).toBe('bo.sandbox.qr');
    expect(values['80.01']).toBe('20260301123000');
    expect(parseBolivianQr(payload).expiresAt).toBe('2026-03-01T12:30:00Z');
  });

  it.each([
    [{ merchantName: '😀 ' }, /merchantName/],
    [{ merchantCity: '   ' }, /merchantCity/],
    [{ reference: 'R'.repeat(26) }, /reference: must be 1 to 25/],
    [{ reference: '' }, /reference/],
    [{ reference: 'Pedido-Ñ' }, /reference/],
    [{ reference: ' TX1' }, /reference/],
    [{ amountCents: 0 }, /amountCents/],
    [{ amountCents: 10.5 }, /amountCents/],
    [{ merchantCategoryCode: '581' }, /merchantCategoryCode/],
    [{ merchantAccount: { gui: 'g'.repeat(33), merchantId: 'M1' } }, /merchantAccount.gui/],
    [{ merchantAccount: { gui: 'bo sandbox', merchantId: 'M1' } }, /merchantAccount.gui/],
    [{ merchantAccount: { gui: 'bo.sandbox.qr', merchantId: '' } }, /merchantAccount.merchantId/],
    // 4 + 13 + 4 + 79 = 100 characters: the template itself no longer fits in 99.
    [
      { merchantAccount: { gui: 'bo.sandbox.qr', merchantId: 'M'.repeat(79) } },
      /field 26: value must be 1 to 99 characters, got 100/,
    ],
    [{ expiresAt: '2026-02-30T00:00:00Z' }, /expiresAt/],
    [{ expiresAt: 'tomorrow' }, /expiresAt/],
    [{ expiresAt: '2026-03-01T24:00:00Z' }, /expiresAt/],
    [{ expiresAt: '2026-03-01T12:30:00' }, /expiresAt/],
  ])('refuses %o', (override, message) => {
    expect(() => buildBolivianQr({ ...INPUT, ...override } as BolivianQrInput)).toThrow(message);
  });
});

describe('parseBolivianQr', () => {
  const payload = buildBolivianQr(INPUT);

  it('rejects a bad CRC', () => {
    expect(() => parseBolivianQr(payload.replace('540510.00', '540510.01'))).toThrow(/CRC does not match/);
  });

  it('rejects a truncated payload', () => {
    expect(() => parseBolivianQr(payload.slice(0, -2))).toThrow(EmvParseError);
  });

  it('rejects another currency or country', () => {
    expect(() => parseBolivianQr(QI_TECH_STATIC)).toThrow(/field 53 \(currency\) must be 068/);
    const peruvian = appendEmvCrc(payload.slice(0, -8).replace('5802BO', '5802PE'));
    expect(() => parseBolivianQr(peruvian)).toThrow(/field 58 \(country\) must be BO/);
  });

  it('rejects an amount without two decimals', () => {
    const noDecimals = appendEmvCrc(payload.slice(0, -8).replace('540510.00', '540210'));
    expect(() => parseBolivianQr(noDecimals)).toThrow(/two decimals/);
  });

  it('rejects a missing reference label', () => {
    const withoutReference = appendEmvCrc(payload.slice(0, -8).replace(/6225.*$/, '62070103abc'));
    expect(() => parseBolivianQr(withoutReference)).toThrow(/field 62.05 \(reference label\) is missing/);
  });
});
