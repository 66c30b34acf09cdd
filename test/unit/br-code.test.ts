// The BR Code builder against the BCB's published vectors and an independent parser (npm
// pix-utils), so the tests check the standard rather than our own reading of it.
import { hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { buildDynamicBrCode, isPixLocation, parseDynamicBrCode } from '../../shared/rails/br-code.ts';
import { crc16Hex } from '../../shared/rails/crc16.ts';
import { parseEmv, verifyEmvCrc } from '../../shared/rails/emv-qr.ts';

const staticVector =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const dynamicVector =
  '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a995204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB';

function independent(payload: string) {
  const parsed = parsePix(payload);
  if (hasError(parsed)) throw new Error(`pix-utils refused the payload: ${parsed.message}`);
  return parsed as unknown as Record<string, unknown>;
}

describe('published vectors', () => {
  it('have the CRCs the manual prints, by our CRC and by pix-utils', () => {
    expect(crc16Hex(staticVector.slice(0, -4))).toBe('1D3D');
    expect(crc16Hex(dynamicVector.slice(0, -4))).toBe('EEAB');
    expect(verifyEmvCrc(staticVector)).toBe(true);
    expect(independent(staticVector)).toMatchObject({ type: 'STATIC', merchantName: 'Fulano de Tal' });
    expect(independent(dynamicVector)).toMatchObject({
      type: 'DYNAMIC',
      url: 'pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99',
      merchantName: 'EMPRESA',
      merchantCity: 'SAO PAULO',
    });
  });

  it('pix-utils refuses a damaged vector (so agreeing with it means something)', () => {
    expect(hasError(parsePix(`${dynamicVector.slice(0, -1)}C`))).toBe(true);
    expect(hasError(parsePix(dynamicVector.replace('EMPRESA', 'EMPRESB')))).toBe(true);
  });

  it('our parser reads the dynamic vector', () => {
    expect(parseDynamicBrCode(dynamicVector)).toEqual({
      location: 'pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99',
      amountCents: null,
      merchantName: 'EMPRESA',
      merchantCity: 'SAO PAULO',
    });
  });
});

describe('buildDynamicBrCode', () => {
  const input = {
    location: 'pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99',
    amountCents: 12_345,
    merchantName: 'Empresa de Serviços Ltda Matriz',
    merchantCity: 'São José dos Campos',
  };

  it('rebuilds the published dynamic vector byte for byte when given its fields (no amount there)', () => {
    // The vector carries no tag 54 and an upper-case GUI: rebuild it with ours and compare
    // everything but those two differences.
    const ours = buildDynamicBrCode({
      ...input,
      amountCents: 1,
      merchantName: 'EMPRESA',
      merchantCity: 'SAO PAULO',
    });
    const withoutAmount = ours.replace('54040.01', '').replace(PIX_GUI_TAG, PIX_GUI_TAG.toUpperCase());
    const head = withoutAmount.slice(0, -4);
    expect(`${head}${crc16Hex(head)}`).toBe(dynamicVector);
  });

  it('writes the tags in order with the values the manual asks for', () => {
    const payload = buildDynamicBrCode(input);
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
      '00': '01',
      '01': '12',
      '26.00': 'br.gov.bcb.pix',
      '26.25': input.location,
      '52': '0000',
      '53': '986',
      '54': '123.45',
      '58': 'BR',
      '59': 'Empresa de Servicos Ltda',
      '60': 'Sao Jose dos Ca',
      '62.05': '***',
    });
    expect(verifyEmvCrc(payload)).toBe(true);
  });

  it('is accepted by pix-utils with the same location, name and city', () => {
    for (const amountCents of [1, 100, 12_345, 9_999_999_999]) {
      const payload = buildDynamicBrCode({ ...input, amountCents });
      expect(independent(payload)).toMatchObject({
        type: 'DYNAMIC',
        url: input.location,
        merchantName: 'Empresa de Servicos Ltda',
        merchantCity: 'Sao Jose dos Ca',
        transactionCurrency: '986',
        countryCode: 'BR',
      });
      expect(parseDynamicBrCode(payload).amountCents).toBe(amountCents);
    }
  });

  it('drops an https scheme and refuses what cannot be a location', () => {
    expect(
      parseDynamicBrCode(buildDynamicBrCode({ ...input, location: `https://${input.location}` })).location,
    ).toBe(input.location);
    expect(isPixLocation('pix.example.com/qr/abc')).toBe(true);
    expect(isPixLocation('ftp://pix.example.com/qr/abc')).toBe(false);
    expect(isPixLocation(`pix.example.com/${'a'.repeat(80)}`)).toBe(false);
    expect(() => buildDynamicBrCode({ ...input, location: 'no spaces allowed/ here' })).toThrow(RangeError);
    expect(() => buildDynamicBrCode({ ...input, amountCents: 0 })).toThrow(RangeError);
  });
});

const PIX_GUI_TAG = '0014br.gov.bcb.pix';
