import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, crc16Hex } from '../../shared/rails/crc16.ts';

// Straight from the definition, bit by bit, to check the table-driven implementation against.
function crc16BitByBit(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

describe('crc16CcittFalse', () => {
  it('gives the catalogued check value 0x29B1 for "123456789"', () => {
    // CRC-16/CCITT-FALSE (a.k.a. CRC-16/IBM-3740) check value from the CRC RevEng catalogue.
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });

  it('returns the initial value 0xFFFF for no data (no final XOR)', () => {
    expect(crc16CcittFalse('')).toBe(0xffff);
    expect(crc16CcittFalse(new Uint8Array())).toBe(0xffff);
  });

  it('treats a string as its UTF-8 bytes', () => {
    expect(crc16CcittFalse('123456789')).toBe(crc16CcittFalse(new TextEncoder().encode('123456789')));
    expect(crc16CcittFalse('Ñandú')).toBe(
      crc16CcittFalse(Uint8Array.from([0xc3, 0x91, 0x61, 0x6e, 0x64, 0xc3, 0xba])),
    );
  });

  it('matches the bit-by-bit definition on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(crc16CcittFalse(bytes)).toBe(crc16BitByBit(bytes));
      }),
    );
  });

  it('reproduces the tag-63 CRC of published Pix BR Code payloads', () => {
    // Banco Central do Brasil, "Manual de Padrões para Iniciação do Pix", dynamic example (section
    // 6.2), as reproduced in https://gist.github.com/matheusb-comp/1efa205b3c0ffd7af1e8ce63a10e02dc
    const bcbDynamic =
      '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99' +
      '5204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304';
    expect(crc16Hex(bcbDynamic)).toBe('EEAB');
    // QI Tech "Decodificar QR Code" request example,
    // https://docs.qitech.com.br/documentation/pix_indireto/qr_code/decodificar_qr_code/index.html
    const qiTechStatic =
      '00020126580014br.gov.bcb.pix0136a23bf0e9-5175-4829-bf89-e8fe6ac09aa1520400005303986540530.00' +
      '5802BR5914TywinLannister6008saopaulo62070503***6304';
    expect(crc16Hex(qiTechStatic)).toBe('D4FD');
  });
});

describe('crc16Hex', () => {
  it('writes four uppercase hex digits', () => {
    expect(crc16Hex('123456789')).toBe('29B1');
  });

  it('zero-pads small values', () => {
    expect(crc16CcittFalse('x342')).toBe(0xc3);
    expect(crc16Hex('x342')).toBe('00C3');
  });
});
