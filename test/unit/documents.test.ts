import { describe, expect, it } from 'vitest';
import {
  isValidCnpj,
  isValidCpf,
  nitCheckDigit,
  parseBolivianDocument,
  parseBrazilianDocument,
  parseColombianDocument,
} from '../../shared/purchase/documents.ts';

describe('CPF', () => {
  it.each(['52998224725', '11144477735', '12345678909'])('accepts %s (valid check digits)', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ['52998224724', 'wrong second digit'],
    ['52998224715', 'wrong first digit'],
    ['11111111111', 'all the same digit (passes the arithmetic, never issued)'],
    ['00000000000', 'all zeros'],
    ['5299822472', 'ten digits'],
    ['529982247250', 'twelve digits'],
    ['5299822472A', 'a letter'],
  ])('rejects %s (%s)', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe('CNPJ', () => {
  it.each([
    ['11222333000181', 'the classic textbook example'],
    ['00394460005887', 'the Receita Federal itself'],
    ['00000000000191', 'Banco do Brasil'],
    ['12ABC34501DE35', 'the alphanumeric example published by the Receita Federal (12.ABC.345/01DE-35)'],
  ])('accepts %s (%s)', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    ['11222333000182', 'wrong second digit'],
    ['12ABC34501DE36', 'alphanumeric, wrong second digit'],
    ['12ABC34501DF35', 'alphanumeric, a changed letter'],
    ['12ABC34501DEAB', 'letters in the check digits'],
    ['12abc34501de35', 'lower case (callers normalise first)'],
    ['00000000000000', 'all zeros'],
    ['1122233300018', 'thirteen characters'],
  ])('rejects %s (%s)', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe('parseBrazilianDocument', () => {
  it('strips the punctuation . / - and returns the type', () => {
    expect(parseBrazilianDocument('529.982.247-25')).toEqual({
      ok: true,
      value: { type: 'CPF', number: '52998224725' },
    });
    expect(parseBrazilianDocument(' 11.222.333/0001-81 ')).toEqual({
      ok: true,
      value: { type: 'CNPJ', number: '11222333000181' },
    });
  });

  it('upper-cases the letters of an alphanumeric CNPJ', () => {
    expect(parseBrazilianDocument('12.abc.345/01de-35')).toEqual({
      ok: true,
      value: { type: 'CNPJ', number: '12ABC34501DE35' },
    });
  });

  it('names the failed rule without repeating the number', () => {
    const cases = [
      '111.111.111-11',
      '529.982.247-24',
      '11.222.333/0001-80',
      '1234',
      '529 982 247 25',
      '529.982.247-25X',
      '',
    ];
    for (const input of cases) {
      const result = parseBrazilianDocument(input);
      expect(result.ok, input).toBe(false);
      if (!result.ok) {
        expect(result.reason).toMatch(/CPF|CNPJ/);
        const digits = input.replace(/\D/g, '');
        if (digits.length >= 4) expect(result.reason).not.toContain(digits);
      }
    }
  });

  it('tells a CPF check-digit failure from a CNPJ one from a wrong length', () => {
    expect(parseBrazilianDocument('52998224724')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a valid CPF'),
    });
    expect(parseBrazilianDocument('11222333000180')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a valid CNPJ'),
    });
    expect(parseBrazilianDocument('123456789012')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('11 digits'),
    });
  });
});

describe('Colombian NIT check digit (DIAN weights 3, 7, 13, … 71 mod 11)', () => {
  it.each([
    ['800197268', 4], // DIAN
    ['899999068', 1], // Ecopetrol
    ['890903938', 8], // Bancolombia
    ['860034313', 7], // Davivienda
  ])('NIT %s has DV %i', (nit, dv) => {
    expect(nitCheckDigit(nit)).toBe(dv);
  });
});

describe('parseColombianDocument (CC, NIT, CE or TI)', () => {
  it('accepts a NIT with its DV and keeps the DV', () => {
    expect(parseColombianDocument('800.197.268-4')).toEqual({
      ok: true,
      value: { number: '800197268-4', types: ['NIT'] },
    });
    expect(parseColombianDocument('899999068 - 1')).toEqual({
      ok: true,
      value: { number: '899999068-1', types: ['NIT'] },
    });
  });

  it('rejects a NIT whose DV does not match', () => {
    expect(parseColombianDocument('800.197.268-5')).toEqual({
      ok: false,
      reason: 'NIT check digit (after the hyphen) does not match',
    });
  });

  it('accepts a CC of 6 to 10 digits with thousands dots', () => {
    expect(parseColombianDocument('1.020.304.050')).toEqual({
      ok: true,
      value: { number: '1020304050', types: ['CC', 'NIT', 'CE', 'TI'] },
    });
    expect(parseColombianDocument('123456')).toEqual({
      ok: true,
      value: { number: '123456', types: ['CC', 'CE'] },
    });
    expect(parseColombianDocument('12345678')).toMatchObject({ ok: true, value: { types: ['CC', 'CE'] } });
  });

  it('accepts a TI of 11 digits and a NIT of 9 digits without DV', () => {
    expect(parseColombianDocument('10203040506')).toMatchObject({ ok: true, value: { types: ['CE', 'TI'] } });
    expect(parseColombianDocument('900373913')).toMatchObject({
      ok: true,
      value: { types: ['CC', 'NIT', 'CE'] },
    });
  });

  it('accepts an alphanumeric CE of up to 12 characters, upper-cased', () => {
    expect(parseColombianDocument('e1234567')).toEqual({
      ok: true,
      value: { number: 'E1234567', types: ['CE'] },
    });
    expect(parseColombianDocument('AB1234567890')).toMatchObject({ ok: true, value: { types: ['CE'] } });
  });

  it.each([
    ['12345', 'five digits'],
    ['1234567890123', 'thirteen digits'],
    ['ABCDEFGH', 'letters only'],
    ['123/456789', 'a slash'],
    ['', 'empty'],
  ])('rejects %s (%s) naming the allowed types', (input) => {
    expect(parseColombianDocument(input)).toEqual({
      ok: false,
      reason: 'must be a CC, NIT, CE or TI number',
    });
  });
});

describe('parseBolivianDocument (CI, NIT or PAS)', () => {
  it('accepts a CI with complement and department extension', () => {
    expect(parseBolivianDocument('1234567-1A LP')).toEqual({
      ok: true,
      value: { number: '1234567-1A-LP', types: ['CI'] },
    });
    expect(parseBolivianDocument('1234567 lp')).toEqual({
      ok: true,
      value: { number: '1234567-LP', types: ['CI'] },
    });
    expect(parseBolivianDocument('1234567LP')).toMatchObject({ ok: true, value: { types: ['CI', 'PAS'] } });
    expect(parseBolivianDocument('1.234.567')).toEqual({
      ok: true,
      value: { number: '1234567', types: ['CI', 'NIT', 'PAS'] },
    });
  });

  it('accepts a 5-digit CI and a 12-digit NIT', () => {
    expect(parseBolivianDocument('12345')).toEqual({ ok: true, value: { number: '12345', types: ['CI'] } });
    expect(parseBolivianDocument('102345678012')).toEqual({
      ok: true,
      value: { number: '102345678012', types: ['NIT'] },
    });
  });

  it('accepts a passport of 6 to 9 letters and digits', () => {
    expect(parseBolivianDocument('ab12345')).toEqual({
      ok: true,
      value: { number: 'AB12345', types: ['PAS'] },
    });
  });

  it.each([
    ['1234', 'four digits'],
    ['1234567890123', 'thirteen digits'],
    ['ABCDEFG', 'letters only'],
    ['1234567-1A XX', 'an unknown extension'],
    ['AB1234567890', 'a passport too long'],
    ['', 'empty'],
  ])('rejects %s (%s)', (input) => {
    expect(parseBolivianDocument(input)).toEqual({ ok: false, reason: 'must be a CI, NIT or PAS number' });
  });
});
