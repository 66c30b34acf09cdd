import { describe, expect, it } from 'vitest';
import { brazilianUfs, parseUf, parseZipCode } from '../../shared/purchase/brazil.ts';

describe('parseUf', () => {
  it('knows the 26 states and the Federal District', () => {
    expect(new Set(brazilianUfs).size).toBe(27);
    for (const uf of brazilianUfs) expect(parseUf(uf)).toEqual({ ok: true, value: uf });
  });

  it('accepts any case and stores upper case', () => {
    expect(parseUf('sp')).toEqual({ ok: true, value: 'SP' });
    expect(parseUf(' Rj ')).toEqual({ ok: true, value: 'RJ' });
  });

  it.each(['XX', 'BR', 'S', 'SPA', '', 'São Paulo'])('rejects %j', (input) => {
    expect(parseUf(input)).toMatchObject({ ok: false, reason: expect.stringContaining('27 Brazilian UFs') });
  });
});

describe('parseZipCode', () => {
  it.each([
    ['01310-100', '01310100'],
    ['01310100', '01310100'],
    [' 70040-010 ', '70040010'],
  ])('accepts %j as %s', (input, zip) => {
    expect(parseZipCode(input)).toEqual({ ok: true, value: zip });
  });

  it.each(['0131-0100', '1310-100', '013101000', '01310 100', '01.310-100', 'ABCDE-FGH', '01310--100', ''])(
    'rejects %j',
    (input) => {
      expect(parseZipCode(input)).toEqual({ ok: false, reason: 'must be 8 digits (e.g. 01310-100)' });
    },
  );
});
