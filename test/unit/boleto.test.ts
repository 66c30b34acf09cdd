import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOLETO_MAX_AMOUNT_CENTS,
  bankCodeField,
  barcodeFromDigitableLine,
  buildBarcode,
  digitableLineFromBarcode,
  dueDateFactor,
  dueDateFromFactor,
  formatDigitableLine,
  ourNumberFromSandboxFreeField,
  parseBarcode,
  sandboxFreeField,
  validateBarcode,
  validateDigitableLine,
} from '../../shared/rails/boleto.ts';
import {
  calendarDateFromDayNumber,
  calendarDayNumber,
  daysSinceFactorBase,
} from '../../shared/rails/due-date-factor.ts';
import { boletoGeneralCheckDigit, modulo10, modulo11 } from '../../shared/rails/modulo.ts';

// Published barcode / digitable-line pairs of real slips.
// [boleto-utils] fernandosavio/boleto-utils (Rust), boleto-utils/src/cobranca.rs, tests
//   `validate_convert_barcode_to_linha_digitavel` and `get_fator_vencimento_correctly`
//   (bank, due date and value as the test suite states them).
// [stella] caelum/caelum-stella, stella-boleto/src/test/java/br/com/caelum/stella/boleto/bancos/
//   BancoDoBrasilTest.java (`testCodigoDeBarraDoBancoDoBrasil`, `testLinhaDoBancoDoBrasil`):
//   Banco do Brasil, due 2008-05-02, R$ 40.00, convênio 1207113, nosso número 9000206, carteira 18.
const PUBLISHED = [
  {
    source: 'boleto-utils: Sicoob (756), due 2022-07-06, R$ 2,500.00',
    barcode: '75696903800002500001434301033723400014933001',
    line: '75691434360103372340200149330011690380000250000',
    dueDate: '2022-07-06',
    amountCents: 250_000,
  },
  {
    source: 'boleto-utils: Banco do Brasil (001), due 2016-01-20, R$ 2,434.79',
    barcode: '00191667900002434790000002656973019362470618',
    line: '00190000090265697301993624706185166790000243479',
    dueDate: '2016-01-20',
    amountCents: 243_479,
  },
  {
    source: 'boleto-utils: Banco do Brasil (001), due 2013-10-25, R$ 773.52',
    barcode: '00195586200000773520000002464206011816073018',
    line: '00190000090246420601618160730182558620000077352',
    dueDate: '2013-10-25',
    amountCents: 77_352,
  },
  {
    source: 'boleto-utils: Banco Cooperativo Sicredi (755), due 2022-04-26, R$ 3,787.00',
    barcode: '75592896700003787000003389850761252543475984',
    line: '75590003318985076125825434759848289670000378700',
    dueDate: '2022-04-26',
    amountCents: 378_700,
  },
  {
    source: 'boleto-utils: Bradesco (237), due 2016-03-01, R$ 3,249.05',
    barcode: '23791672000003249052028269705944177105205220',
    line: '23792028296970594417671052052207167200000324905',
    dueDate: '2016-03-01',
    amountCents: 324_905,
  },
  {
    source: 'boleto-utils: Bradesco (237), due 2016-03-01, R$ 3,097.90',
    barcode: '23791672000003097902028060007024617500249000',
    line: '23792028036000702461975002490003167200000309790',
    dueDate: '2016-03-01',
    amountCents: 309_790,
  },
  {
    source: 'caelum-stella: Banco do Brasil (001), due 2008-05-02, R$ 40.00',
    barcode: '00195386000000040000000001207113000900020618',
    line: '00190000090120711300009000206186538600000004000',
    dueDate: '2008-05-02',
    amountCents: 4_000,
  },
] as const;

/** Replaces the digit at `index` by another digit. */
function changeDigit(digits: string, index: number, bump: number): string {
  const changed = (Number(digits[index]) + bump) % 10;
  return digits.slice(0, index) + String(changed) + digits.slice(index + 1);
}

describe('modulo10 (digitable-line fields)', () => {
  it('computes the field check digits of a published line', () => {
    // Fields of the caelum-stella Banco do Brasil line 00190.00009 01207.113000 09000.206186.
    expect(modulo10('001900000')).toBe(9);
    expect(modulo10('0120711300')).toBe(0);
    expect(modulo10('0900020618')).toBe(6);
  });

  it('sums the digits of two-digit products and gives 0 when the sum ends in 0', () => {
    // 9×2 = 18 → 1 + 8 = 9; 9 + 1 = 10 → check digit 0.
    expect(modulo10('19')).toBe(0);
    expect(modulo10('0')).toBe(0);
    expect(modulo10('5')).toBe(9); // 5×2 = 10 → 1
  });

  it('rejects non-digits', () => {
    expect(() => modulo10('12a')).toThrow(RangeError);
    expect(() => modulo10('')).toThrow(RangeError);
  });
});

describe('general check digit (modulo 11, position 5)', () => {
  it.each(PUBLISHED)('matches the published barcode ($source)', ({ barcode }) => {
    expect(boletoGeneralCheckDigit(barcode.slice(0, 4) + barcode.slice(5))).toBe(Number(barcode[4]));
  });

  it('writes a result of 11 as 1 (published Bradesco slip)', () => {
    const barcode = '23791672000003249052028269705944177105205220';
    const body = barcode.slice(0, 4) + barcode.slice(5);
    expect(modulo11(body)).toBe(11);
    expect(boletoGeneralCheckDigit(body)).toBe(1);
    expect(barcode[4]).toBe('1');
  });

  it('writes a result of 10 as 1', () => {
    // boleto-utils `validate_digito_verificador_correctly` vector, expected check digit 1.
    const barcode = '11191100255555555556666666666666666666666666';
    const body = barcode.slice(0, 4) + barcode.slice(5);
    expect(modulo11(body)).toBe(10);
    expect(boletoGeneralCheckDigit(body)).toBe(1);
  });

  it('never yields 0, 10 or 11 (the raw result is 1–11 and the digit 1–9)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{43}$/), (body) => {
        const raw = modulo11(body);
        expect(raw).toBeGreaterThanOrEqual(1);
        expect(raw).toBeLessThanOrEqual(11);
        const digit = boletoGeneralCheckDigit(body);
        expect(digit).toBe(raw >= 10 ? 1 : raw);
      }),
    );
  });

  it('needs exactly 43 digits', () => {
    expect(() => boletoGeneralCheckDigit('1'.repeat(42))).toThrow(RangeError);
    expect(() => boletoGeneralCheckDigit('1'.repeat(44))).toThrow(RangeError);
  });
});

describe('dueDateFactor', () => {
  it('counts days from 1997-10-07', () => {
    expect(daysSinceFactorBase('1997-10-07')).toBe(0);
    expect(daysSinceFactorBase('2000-07-03')).toBe(1000);
    expect(daysSinceFactorBase('2025-02-21')).toBe(9999);
    expect(daysSinceFactorBase('2025-02-22')).toBe(10_000);
  });

  it.each([
    // FEBRABAN correlation table (old cycle) as reproduced in
    // http://mhemann.com.br/2011/06/a-linha-digitavel-do-boleto-bancario/
    ['2000-07-03', '1000'],
    ['2000-07-05', '1002'],
    ['2002-05-01', '1667'],
    ['2010-11-17', '4789'],
    ['2025-02-21', '9999'],
    // The restart: 2025-02-22 is 1000 again (boleto-utils `get_fator_vencimento_correctly`:
    // 1000 → 2025-02-22, 1002 → 2025-02-24, 1667 → 2026-12-21).
    ['2025-02-22', '1000'],
    ['2025-02-23', '1001'],
    ['2025-02-24', '1002'],
    ['2026-12-21', '1667'],
    // Due dates of the published slips.
    ['2008-05-02', '3860'],
    ['2013-10-25', '5862'],
    ['2016-01-20', '6679'],
    ['2016-03-01', '6720'],
    ['2022-04-26', '8967'],
    ['2022-07-06', '9038'],
  ])('%s → %s', (date, factor) => {
    expect(dueDateFactor(date)).toBe(factor);
  });

  it('restarts again after the second cycle (every 9000 days)', () => {
    const lastOfSecondCycle = calendarDateFromDayNumber(calendarDayNumber('2025-02-22') + 8999);
    expect(lastOfSecondCycle).toBe('2049-10-13');
    expect(dueDateFactor(lastOfSecondCycle)).toBe('9999');
    expect(dueDateFactor('2049-10-14')).toBe('1000');
  });

  it('refuses dates before 2000-07-03 (factors below 1000 are not issued)', () => {
    expect(() => dueDateFactor('2000-07-02')).toThrow(/2000-07-03/);
    expect(() => dueDateFactor('1997-10-07')).toThrow(RangeError);
  });

  it('refuses malformed or impossible dates', () => {
    expect(() => dueDateFactor('2025-02-30')).toThrow(/not a real calendar date/);
    expect(() => dueDateFactor('2025-2-3')).toThrow(/YYYY-MM-DD/);
    expect(() => dueDateFactor('2025-02-22T00:00:00Z')).toThrow(RangeError);
  });
});

describe('dueDateFromFactor', () => {
  it('decodes both sides of the restart by the reference date', () => {
    expect(dueDateFromFactor('9999', '2025-02-20')).toBe('2025-02-21');
    expect(dueDateFromFactor('1000', '2025-02-20')).toBe('2025-02-22');
    expect(dueDateFromFactor('1001', '2025-03-01')).toBe('2025-02-23');
    expect(dueDateFromFactor('1000', '2000-06-01')).toBe('2000-07-03');
  });

  it.each([
    // [factor, reference, date]: boleto-utils and FEBRABAN table vectors, read near their time.
    ['1002', '2000-07-01', '2000-07-05'],
    ['1002', '2025-02-20', '2025-02-24'],
    ['1667', '2002-04-01', '2002-05-01'],
    ['1667', '2026-06-01', '2026-12-21'],
    ['4789', '2010-11-01', '2010-11-17'],
    ['9038', '2022-07-01', '2022-07-06'],
    ['3860', '2008-05-01', '2008-05-02'],
  ])('%s read near %s → %s', (factor, reference, date) => {
    expect(dueDateFromFactor(factor, reference)).toBe(date);
  });

  it('picks the nearest cycle, the later one on an exact tie', () => {
    // Factor 1000 is day 1000 (2000-07-03) or day 10000 (2025-02-22); the midpoint is day 5500.
    const midpoint = calendarDateFromDayNumber(calendarDayNumber('1997-10-07') + 5500);
    const dayBefore = calendarDateFromDayNumber(calendarDayNumber('1997-10-07') + 5499);
    expect(dueDateFromFactor('1000', dayBefore)).toBe('2000-07-03');
    expect(dueDateFromFactor('1000', midpoint)).toBe('2025-02-22');
    // A 2010 factor read today is ambiguous: the nearest cycle is the next one.
    expect(dueDateFromFactor('4789', '2025-06-01')).toBe('2035-07-09');
  });

  it('round-trips any due date read within half a cycle of it', () => {
    const first = calendarDayNumber('2000-07-03');
    fc.assert(
      fc.property(
        fc.integer({ min: first, max: first + 60_000 }),
        fc.integer({ min: -4499, max: 4499 }),
        (day, offset) => {
          const date = calendarDateFromDayNumber(day);
          const reference = calendarDateFromDayNumber(Math.max(first, day + offset));
          expect(dueDateFromFactor(dueDateFactor(date), reference)).toBe(date);
        },
      ),
    );
  });

  it('reads 0000 as "no due date" and refuses 0001–0999 and non-digits', () => {
    expect(dueDateFromFactor('0000', '2025-01-01')).toBeNull();
    expect(() => dueDateFromFactor('0999', '2025-01-01')).toThrow(/not valid/);
    expect(() => dueDateFromFactor('0001', '2025-01-01')).toThrow(RangeError);
    expect(() => dueDateFromFactor('12a4', '2025-01-01')).toThrow(RangeError);
    expect(() => dueDateFromFactor('1000', '2025-13-01')).toThrow(/referenceDate/);
  });
});

describe('buildBarcode', () => {
  it.each([
    {
      bankCode: '001',
      dueDate: '2008-05-02',
      amountCents: 4_000,
      freeField: '0000001207113000900020618',
      expected: '00195386000000040000000001207113000900020618',
    },
    {
      bankCode: '756',
      dueDate: '2022-07-06',
      amountCents: 250_000,
      freeField: '1434301033723400014933001',
      expected: '75696903800002500001434301033723400014933001',
    },
    {
      bankCode: '001',
      dueDate: '2016-01-20',
      amountCents: 243_479,
      freeField: '0000002656973019362470618',
      expected: '00191667900002434790000002656973019362470618',
    },
    // Check digit 1 from a modulo-11 result of 11.
    {
      bankCode: '237',
      dueDate: '2016-03-01',
      amountCents: 324_905,
      freeField: '2028269705944177105205220',
      expected: '23791672000003249052028269705944177105205220',
    },
  ])('rebuilds the published barcode $expected from its parts', ({ expected, ...input }) => {
    expect(buildBarcode(input)).toBe(expected);
  });

  it('lays out bank, currency, check digit, factor, value and free field', () => {
    const barcode = buildBarcode({
      bankCode: '001',
      dueDate: '2025-02-22',
      amountCents: 123_456,
      freeField: '1234567890123456789012345',
    });
    expect(barcode).toHaveLength(44);
    expect(barcode.slice(0, 3)).toBe('001');
    expect(barcode[3]).toBe('9');
    expect(barcode.slice(5, 9)).toBe('1000');
    expect(barcode.slice(9, 19)).toBe('0000123456');
    expect(barcode.slice(19)).toBe('1234567890123456789012345');
    expect(validateBarcode(barcode)).toEqual({ ok: true, problems: [] });
  });

  it('writes factor 0000 for a slip without due date, and the largest value', () => {
    const barcode = buildBarcode({
      bankCode: '341',
      dueDate: null,
      amountCents: BOLETO_MAX_AMOUNT_CENTS,
      freeField: '0'.repeat(25),
    });
    expect(barcode.slice(5, 19)).toBe('00009999999999');
    expect(parseBarcode(barcode, '2025-06-01')).toMatchObject({ dueDate: null, amountCents: 9_999_999_999 });
  });

  it('accepts currency code 0 (other currency)', () => {
    const barcode = buildBarcode({
      bankCode: '001',
      currencyCode: '0',
      dueDate: '2025-03-01',
      amountCents: 0,
      freeField: '0'.repeat(25),
    });
    expect(barcode[3]).toBe('0');
    expect(validateBarcode(barcode).ok).toBe(true);
  });

  it.each([
    [{ bankCode: '01' }, /bankCode/],
    [{ bankCode: 'abc' }, /bankCode/],
    [{ bankCode: '800' }, /collection slip/],
    [{ currencyCode: '1' as '9' }, /currencyCode/],
    [{ amountCents: -1 }, /amountCents/],
    [{ amountCents: 10_000_000_000 }, /amountCents/],
    [{ amountCents: 10.5 }, /amountCents/],
    [{ freeField: '1'.repeat(24) }, /freeField/],
    [{ freeField: `${'1'.repeat(24)}x` }, /freeField/],
    [{ dueDate: '2000-07-02' }, /dueDate/],
  ])('refuses %o', (override, message) => {
    const base = { bankCode: '001', dueDate: '2025-03-01', amountCents: 1_000, freeField: '0'.repeat(25) };
    expect(() => buildBarcode({ ...base, ...override })).toThrow(message);
  });
});

describe('digitable line ↔ barcode', () => {
  it.each(PUBLISHED)('converts both ways ($source)', ({ barcode, line }) => {
    expect(digitableLineFromBarcode(barcode)).toBe(line);
    expect(barcodeFromDigitableLine(line)).toBe(barcode);
    expect(validateBarcode(barcode)).toEqual({ ok: true, problems: [] });
    expect(validateDigitableLine(line)).toEqual({ ok: true, problems: [] });
  });

  it('formats the line in the printed grouping', () => {
    // As printed in the boleto-utils source comment for the Sicoob slip.
    expect(formatDigitableLine('75691434360103372340200149330011690380000250000')).toBe(
      '75691.43436 01033.723402 00149.330011 6 90380000250000',
    );
    // caelum-stella prints 00190.00009  01207.113000  09000.206186  5  38600000004000 (double spaces).
    expect(formatDigitableLine('00190.00009  01207.113000  09000.206186  5  38600000004000')).toBe(
      '00190.00009 01207.113000 09000.206186 5 38600000004000',
    );
  });

  it('accepts the printed form when converting and validating', () => {
    const printed = '23792.02829 69705.944176 71052.052207 1 67200000324905';
    expect(barcodeFromDigitableLine(printed)).toBe('23791672000003249052028269705944177105205220');
    expect(validateDigitableLine(printed).ok).toBe(true);
  });

  it('refuses wrong shapes', () => {
    expect(() => digitableLineFromBarcode('1'.repeat(43))).toThrow(/44 digits/);
    expect(() => barcodeFromDigitableLine('1'.repeat(46))).toThrow(/47 digits/);
    expect(() => formatDigitableLine('1'.repeat(48))).toThrow(/47 digits/);
  });

  it('round-trips any built slip', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-79]\d{2}$/),
        fc.integer({ min: calendarDayNumber('2000-07-03'), max: calendarDayNumber('2070-01-01') }),
        fc.integer({ min: 0, max: BOLETO_MAX_AMOUNT_CENTS }),
        fc.stringMatching(/^\d{25}$/),
        (bankCode, day, amountCents, freeField) => {
          const dueDate = calendarDateFromDayNumber(day);
          const barcode = buildBarcode({ bankCode, dueDate, amountCents, freeField });
          const line = digitableLineFromBarcode(barcode);
          expect(line).toMatch(/^\d{47}$/);
          expect(barcodeFromDigitableLine(formatDigitableLine(line))).toBe(barcode);
          expect(validateDigitableLine(formatDigitableLine(line)).ok).toBe(true);
          expect(parseBarcode(barcode, dueDate)).toEqual({
            bankCode,
            currencyCode: '9',
            checkDigit: Number(barcode[4]),
            dueDateFactor: dueDateFactor(dueDate),
            dueDate,
            amountCents,
            freeField,
          });
        },
      ),
    );
  });
});

describe('validateBarcode', () => {
  const valid = '75696903800002500001434301033723400014933001';

  it('reports the wrong check digit with the expected one', () => {
    const result = validateBarcode(changeDigit(valid, 4, 1));
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(['barcode: general check digit (position 5) is 7, expected 6']);
  });

  it('catches a changed value digit', () => {
    expect(validateBarcode(changeDigit(valid, 18, 1)).ok).toBe(false);
  });

  it('reports length and characters', () => {
    expect(validateBarcode(valid.slice(0, 43)).problems).toEqual([
      'barcode: must have 44 digits, got 43 characters',
    ]);
    expect(validateBarcode(`${valid.slice(0, 43)}x`).problems).toEqual(['barcode: must contain digits only']);
    expect(validateBarcode('').ok).toBe(false);
    expect(validateBarcode(undefined as unknown as string).problems).toEqual(['barcode: must be a string']);
  });

  it('reports a currency code other than 9 or 0, a factor below 1000 and a collection slip, all at once', () => {
    // Valid check digits, so only the layout rules fail.
    const withCurrency5 = `${'0015'}${boletoGeneralCheckDigit(`0015${'5'.repeat(39)}`)}${'5'.repeat(39)}`;
    expect(validateBarcode(withCurrency5).problems).toEqual([
      'barcode: currency code (position 4) must be 9 or 0, got 5',
    ]);
    const body = `8009${'0500'}${'0'.repeat(35)}`;
    const problems = validateBarcode(
      `${body.slice(0, 4)}${boletoGeneralCheckDigit(body)}${body.slice(4)}`,
    ).problems;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/collection slip/);
    expect(problems[1]).toMatch(/factor \(positions 6–9\) 0500 is not valid/);
  });
});

describe('validateDigitableLine', () => {
  const line = '75691434360103372340200149330011690380000250000';

  it.each([
    [9, 'field 1 check digit (position 10)'],
    [20, 'field 2 check digit (position 21)'],
    [31, 'field 3 check digit (position 32)'],
  ])('reports a wrong check digit at index %i', (index, what) => {
    const problems = validateDigitableLine(changeDigit(line, index, 1)).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(what);
  });

  it('reports a wrong general check digit (field 4) through the barcode', () => {
    expect(validateDigitableLine(changeDigit(line, 32, 1)).problems).toEqual([
      'digitableLine: barcode: general check digit (position 5) is 7, expected 6',
    ]);
  });

  it('catches any single changed digit in fields 1–4', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PUBLISHED),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 1, max: 9 }),
        ({ line: published }, index, bump) => {
          expect(validateDigitableLine(changeDigit(published, index, bump)).ok).toBe(false);
        },
      ),
    );
  });

  it('reports length and characters', () => {
    expect(validateDigitableLine(line.slice(1)).problems).toEqual([
      'digitableLine: must have 47 digits, got 46',
    ]);
    expect(validateDigitableLine(`${line.slice(0, 46)}-`).problems).toContain(
      'digitableLine: may contain only digits, dots and spaces',
    );
    expect(validateDigitableLine(null as unknown as string).problems).toEqual([
      'digitableLine: must be a string',
    ]);
  });
});

describe('parseBarcode', () => {
  it.each(PUBLISHED)('reads bank, value and due date ($source)', ({ barcode, dueDate, amountCents }) => {
    const parsed = parseBarcode(barcode, dueDate);
    expect(parsed.bankCode).toBe(barcode.slice(0, 3));
    expect(parsed.currencyCode).toBe('9');
    expect(parsed.dueDate).toBe(dueDate);
    expect(parsed.amountCents).toBe(amountCents);
    expect(parsed.freeField).toBe(barcode.slice(19));
  });

  it('decodes the due date in the cycle nearest the reference date', () => {
    const barcode = '75696903800002500001434301033723400014933001'; // factor 9038
    expect(parseBarcode(barcode, '2022-07-01').dueDate).toBe('2022-07-06');
    expect(parseBarcode(barcode, '2047-01-01').dueDate).toBe('2047-02-25');
  });

  it('throws with the problems of an invalid barcode', () => {
    expect(() => parseBarcode('75696903800002500001434301033723400014933002', '2022-07-01')).toThrow(
      /general check digit/,
    );
  });
});

describe('sandboxFreeField', () => {
  it('pads the reference to 24 digits and appends its modulo-10 digit', () => {
    const field = sandboxFreeField('123');
    expect(field).toBe(`${'0'.repeat(21)}123${modulo10(`${'0'.repeat(21)}123`)}`);
    expect(field).toHaveLength(25);
    expect(sandboxFreeField('123')).toBe(field);
  });

  it('holds a 19-digit transaction id and gives it back', () => {
    const transactionId = '1767225600000123456';
    const field = sandboxFreeField(transactionId);
    expect(ourNumberFromSandboxFreeField(field)).toBe(transactionId);
    const barcode = buildBarcode({
      bankCode: '999',
      dueDate: '2026-01-04',
      amountCents: 15_990,
      freeField: field,
    });
    expect(validateDigitableLine(digitableLineFromBarcode(barcode)).ok).toBe(true);
    expect(ourNumberFromSandboxFreeField(parseBarcode(barcode, '2026-01-01').freeField)).toBe(transactionId);
  });

  it('round-trips any reference without leading zeros', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,23}$/), (ourNumber) => {
        expect(ourNumberFromSandboxFreeField(sandboxFreeField(ourNumber))).toBe(ourNumber);
      }),
    );
    expect(ourNumberFromSandboxFreeField(sandboxFreeField('0'))).toBe('0');
  });

  it('refuses references that are not 1–24 digits', () => {
    expect(() => sandboxFreeField('')).toThrow(/ourNumber/);
    expect(() => sandboxFreeField('1'.repeat(25))).toThrow(/ourNumber/);
    expect(() => sandboxFreeField('12a')).toThrow(/ourNumber/);
  });

  it('does not read a field whose check digit does not match', () => {
    const field = sandboxFreeField('42');
    expect(ourNumberFromSandboxFreeField(changeDigit(field, 24, 1))).toBeNull();
    expect(ourNumberFromSandboxFreeField(changeDigit(field, 23, 1))).toBeNull();
    expect(ourNumberFromSandboxFreeField('1'.repeat(24))).toBeNull();
  });
});

describe('bankCodeField', () => {
  it('prints the COMPE code with the check digit banks print beside it', () => {
    // As printed on the slips of Banco do Brasil, Santander, Caixa, Bradesco, Itaú, Sicoob, Safra.
    const printed = ['001-9', '033-7', '104-0', '237-2', '341-7', '756-0', '422-7'];
    for (const field of printed) expect(bankCodeField(field.slice(0, 3))).toBe(field);
    expect(bankCodeField('000')).toBe('000-0');
    expect(() => bankCodeField('12')).toThrow(/bankCode: must be 3 digits/);
  });
});
