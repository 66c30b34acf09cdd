import { describe, expect, it } from 'vitest';
import { parseBoletoPhone, parseE164Phone } from '../../shared/purchase/phone.ts';

describe('parseBoletoPhone (8 to 12 digits)', () => {
  it.each([
    ['12345678', '12345678'],
    ['(11) 91234-5678', '11912345678'],
    ['11 9123.4567', '1191234567'],
    ['+55 11 3123 4567', '551131234567'],
    [' 123456789012 ', '123456789012'],
  ])('accepts %j as %s', (input, digits) => {
    expect(parseBoletoPhone(input)).toEqual({ ok: true, value: digits });
  });

  it.each(['1234567', '1234567890123', '+55 (11) 91234-5678'])('rejects %j: wrong digit count', (input) => {
    expect(parseBoletoPhone(input)).toEqual({ ok: false, reason: 'must have 8 to 12 digits' });
  });

  it.each(['11 9123-456A', 'phone', '11#91234567', '11 91234567+', '', '１２３４５６７８'])(
    'rejects %j: characters other than digits and separators',
    (input) => {
      expect(parseBoletoPhone(input)).toMatchObject({
        ok: false,
        reason: expect.stringContaining('only digits'),
      });
    },
  );
});

describe('parseE164Phone (country code, 8 to 15 digits)', () => {
  it.each([
    ['+57 300 123 4567', '+573001234567'],
    ['573001234567', '+573001234567'],
    ['+591 7123-4567', '+59171234567'],
    ['+1 (202) 555-0100', '+12025550100'],
    ['+12345678', '+12345678'],
    ['+123456789012345', '+123456789012345'],
  ])('accepts %j as %s', (input, e164) => {
    expect(parseE164Phone(input)).toEqual({ ok: true, value: e164 });
  });

  it.each(['+1234567', '+1234567890123456'])('rejects %j: wrong digit count', (input) => {
    expect(parseE164Phone(input)).toEqual({
      ok: false,
      reason: 'must have 8 to 15 digits including the country calling code',
    });
  });

  it('rejects a number starting with 0 (no country code does)', () => {
    expect(parseE164Phone('0300 123 4567')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('country calling code'),
    });
  });

  it.each(['+57 300 ABC 4567', '++573001234567', '57+3001234567', ''])(
    'rejects %j: not an E.164 shape',
    (input) => {
      expect(parseE164Phone(input)).toMatchObject({ ok: false, reason: expect.stringContaining('E.164') });
    },
  );
});
