import { describe, expect, it } from 'vitest';
import { computeCostFee, defaultFees, feeKeys } from '../../shared/purchase/fees.ts';

describe('computeCostFee', () => {
  it('charges the boleto a fixed fee', () => {
    expect(computeCostFee(500, 'BRL', 'BOLETO')).toBe(350);
    expect(computeCostFee(9_999_999_999, 'BRL', 'BOLETO')).toBe(350);
  });

  it('charges percentages in basis points, plus the fixed part', () => {
    expect(computeCostFee(1_000_000, 'COP', 'BANK_TRANSFER')).toBe(9_900); // 0.99 %
    expect(computeCostFee(1_000_000, 'COP', 'PSE')).toBe(90_000 + 14_900);
    expect(computeCostFee(1_000, 'BOB', 'QR')).toBe(15);
  });

  it('rounds half up to whole cents', () => {
    const overrides = { 'BOB:QR': { fixed: 0, percentBasisPoints: 150 } };
    expect(computeCostFee(1_030, 'BOB', 'QR', overrides)).toBe(15); // 15.45
    expect(computeCostFee(1_100, 'BOB', 'QR', overrides)).toBe(17); // 16.5
    expect(computeCostFee(1_099, 'BOB', 'QR', overrides)).toBe(16); // 16.485
    expect(
      computeCostFee(1_000_001, 'COP', 'BANK_TRANSFER', {
        'COP:BANK_TRANSFER': { fixed: 0, percentBasisPoints: 5_000 },
      }),
    ).toBe(500_001); // 500000.5
  });

  it('is exact for the largest amounts and rates', () => {
    expect(
      computeCostFee(9_999_999_999, 'BRL', 'BOLETO', {
        'BRL:BOLETO': { fixed: 1, percentBasisPoints: 10_000 },
      }),
    ).toBe(10_000_000_000);
    expect(
      computeCostFee(9_999_999_999, 'BRL', 'BOLETO', {
        'BRL:BOLETO': { fixed: 0, percentBasisPoints: 9_999 },
      }),
    ).toBe(9_998_999_999);
  });

  it('takes an override for its rail only', () => {
    const overrides = { 'COP:NEQUI': { fixed: 100, percentBasisPoints: 0 } };
    expect(computeCostFee(2_000_000, 'COP', 'NEQUI', overrides)).toBe(100);
    expect(computeCostFee(2_000_000, 'COP', 'BREB', overrides)).toBe(9_800); // default 0.49 %
  });

  it('has a non-negative integer default for every rail', () => {
    for (const key of feeKeys) {
      expect(Number.isInteger(defaultFees[key].fixed)).toBe(true);
      expect(defaultFees[key].percentBasisPoints).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses rails that do not exist, bad amounts and malformed rules', () => {
    expect(() => computeCostFee(1_000, 'BRL', 'QR')).toThrow(/no fee rail BRL:QR/);
    expect(() => computeCostFee(1_000.5, 'BOB', 'QR')).toThrow(/positive integer/);
    expect(() => computeCostFee(0, 'BOB', 'QR')).toThrow(/positive integer/);
    expect(() =>
      computeCostFee(1_000, 'BOB', 'QR', { 'BOB:QR': { fixed: -1, percentBasisPoints: 0 } }),
    ).toThrow(/fee rule/);
    expect(() =>
      computeCostFee(1_000, 'BOB', 'QR', { 'BOB:QR': { fixed: 0, percentBasisPoints: 10_001 } }),
    ).toThrow(/fee rule/);
    expect(() =>
      computeCostFee(1_000, 'BOB', 'QR', { 'BOB:QR': { fixed: 0, percentBasisPoints: 1.5 } }),
    ).toThrow(/fee rule/);
  });
});
