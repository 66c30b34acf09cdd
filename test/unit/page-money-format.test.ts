import { describe, expect, it } from 'vitest';
import { formatMoney, moneyLocale } from '../../shared/hosted-pages/render/money-format.ts';

// Intl separates symbol and digits with a no-break space (U+00A0); spelled out here so the
// expectations cannot silently accept an ordinary space.
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('formats BRL in pt-BR with two decimals', () => {
    expect(formatMoney(123456, 'BRL')).toBe(`R$${NBSP}1.234,56`);
    expect(formatMoney(500, 'BRL')).toBe(`R$${NBSP}5,00`);
    expect(formatMoney(1, 'BRL')).toBe(`R$${NBSP}0,01`);
    expect(formatMoney(9_999_999_999, 'BRL')).toBe(`R$${NBSP}99.999.999,99`);
  });

  it('formats COP in es-CO without decimals when the cents are zero', () => {
    expect(formatMoney(1_000_000, 'COP')).toBe(`$${NBSP}10.000`);
    expect(formatMoney(15_000_000, 'COP')).toBe(`$${NBSP}150.000`);
    expect(formatMoney(1_000_000_000, 'COP')).toBe(`$${NBSP}10.000.000`);
  });

  it('shows COP cents instead of rounding them away', () => {
    expect(formatMoney(1_000_050, 'COP')).toBe(`$${NBSP}10.000,50`);
    expect(formatMoney(1_000_099, 'COP')).toBe(`$${NBSP}10.000,99`);
  });

  it('formats BOB in es-BO with two decimals', () => {
    expect(formatMoney(1000, 'BOB')).toBe(`Bs${NBSP}10,00`);
    expect(formatMoney(12550, 'BOB')).toBe(`Bs${NBSP}125,50`);
    expect(formatMoney(1_000_000, 'BOB')).toBe(`Bs${NBSP}10.000,00`);
  });

  it('stays exact for large amounts, where dividing a double by 100 would not', () => {
    // 9007199254740991 / 100 is not representable; the decimal string path never rounds a cent.
    expect(formatMoney(9_007_199_254_740_991, 'BRL')).toBe(`R$${NBSP}90.071.992.547.409,91`);
  });

  it('formats negative amounts (refund displays)', () => {
    expect(formatMoney(-123456, 'BRL')).toBe(`-R$${NBSP}1.234,56`);
  });

  it('rejects non-integer cents', () => {
    expect(() => formatMoney(10.5, 'BRL')).toThrow(/amountCents: must be a safe integer/);
    expect(() => formatMoney(Number.NaN, 'COP')).toThrow(RangeError);
  });

  it('names the locale used per currency', () => {
    expect([moneyLocale('BRL'), moneyLocale('COP'), moneyLocale('BOB')]).toEqual(['pt-BR', 'es-CO', 'es-BO']);
  });
});
