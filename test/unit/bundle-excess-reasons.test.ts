// The bench's explanation of an over-budget bundle: the table's packages cover the excess or
// the row shows as unexplained; init is priced by the run's slope of init against size.
import { describe, expect, it } from 'vitest';
import { explainExcess, initMsPerByte } from '../bench/bundle-excess-reasons.ts';

const floor = {
  name: 'floor',
  kind: 'floor' as const,
  entry: 'f',
  jsBytes: 100_000,
  packages: { sdk: 100_000 },
};
const reasons = {
  known: { what: 'a client', removal: 'our own', whyNot: 'not worth it' },
};

describe('explainExcess', () => {
  it('is covered when the bundle without the explained packages fits the budget', () => {
    const bundle = {
      ...floor,
      name: 'f1',
      jsBytes: 130_000,
      packages: { sdk: 100_000, known: 20_000, other: 10_000 },
    };
    const result = explainExcess(bundle, floor, 1.15, reasons);
    expect(result.explained).toEqual([{ name: 'known', bytes: 20_000 }]);
    expect(result.unexplained).toEqual([{ name: 'other', bytes: 10_000 }]);
    expect(result.sizeCovered).toBe(true);
  });

  it('is not covered when what the table does not name alone breaks the budget', () => {
    const bundle = {
      ...floor,
      name: 'f2',
      jsBytes: 140_000,
      packages: { sdk: 100_000, known: 20_000, other: 20_000 },
    };
    expect(explainExcess(bundle, floor, 1.15, reasons).sizeCovered).toBe(false);
  });

  it('counts only what a package adds beyond the floor', () => {
    const bundle = { ...floor, name: 'f3', jsBytes: 120_000, packages: { sdk: 120_000 } };
    const result = explainExcess(bundle, floor, 1.15, { sdk: reasons.known });
    expect(result.explained).toEqual([{ name: 'sdk', bytes: 20_000 }]);
  });
});

describe('initMsPerByte', () => {
  it('is the least-squares slope, never negative', () => {
    const points = [0, 1, 2, 3].map((step) => ({ bytes: 100_000 + step * 10_000, ms: 40 + step * 0.5 }));
    expect(initMsPerByte(points)).toBeCloseTo(0.5 / 10_000, 12);
    expect(initMsPerByte(points.map((point) => ({ ...point, ms: 100 - point.ms })))).toBe(0);
    expect(initMsPerByte(points.slice(0, 1))).toBe(0);
  });
});
