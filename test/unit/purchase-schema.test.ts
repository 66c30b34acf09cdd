import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import { methodCodesOf } from '../../shared/payment-methods.ts';
import { type PurchaseRequest, parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { alphanumericCnpj, bobBody, boletoBody, copBody, noon } from '../support/purchase-fixtures.ts';

/** The 400 message for `body`, failing the test if the body is accepted or another error is thrown. */
function rejection(body: unknown, now = noon): string {
  try {
    parsePurchaseRequest(body, now);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).code).toBe('validation');
    return (error as AppError).message;
  }
  throw new Error('expected a 400, the body was accepted');
}

const parse = (body: unknown, now = noon): PurchaseRequest => parsePurchaseRequest(body, now);
const without = (body: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));

describe('BRL boleto', () => {
  it('returns the normalised request with the default due date', () => {
    expect(parse(boletoBody())).toEqual({
      currency: 'BRL',
      method: 'BOLETO',
      name: 'Maria da Silva',
      email: 'maria@example.com.br',
      phone: '11912345678',
      amount: 15_000,
      description: 'Pedido 1234',
      responsibleDocument: '11222333000181',
      responsibleDocumentType: 'CNPJ',
      responsibleExternalId: 'merchant-7',
      externalId: null,
      postbackUrl: null,
      sendEmails: true,
      cpf: '52998224725',
      cpfType: 'CPF',
      dueDate: '2026-11-28',
      boletoAddress: {
        address: 'Avenida Paulista',
        number: '1000',
        complement: null,
        district: 'Bela Vista',
        city: 'São Paulo',
        zipCode: '01310100',
        uf: 'SP',
      },
    });
  });

  it('accepts currency BRL explicitly, optional fields, and an alphanumeric CNPJ as payer', () => {
    const request = parse({
      ...boletoBody(),
      currency: 'BRL',
      cpf: alphanumericCnpj.toLowerCase(),
      externalId: 'order-1',
      postbackUrl: 'https://merchant.example/hooks',
      dueDate: '2026-12-10',
      boletoAddress: { ...(boletoBody().boletoAddress as object), complement: ' apto 12 ', uf: 'rj' },
    });
    expect(request).toMatchObject({
      cpf: '12ABC34501DE35',
      cpfType: 'CNPJ',
      externalId: 'order-1',
      postbackUrl: 'https://merchant.example/hooks',
      dueDate: '2026-12-10',
      boletoAddress: { complement: 'apto 12', uf: 'RJ' },
    });
  });

  it('treats null optional fields as absent and an empty complement or number as not given', () => {
    const request = parse({
      ...boletoBody(),
      currency: null,
      externalId: null,
      postbackUrl: null,
      dueDate: null,
      boletoAddress: { ...(boletoBody().boletoAddress as object), number: '', complement: '  ' },
    });
    expect(request).toMatchObject({
      currency: 'BRL',
      externalId: null,
      postbackUrl: null,
      dueDate: '2026-11-28',
      boletoAddress: { number: null, complement: null },
    });
  });

  it('requires paymentMethod in BRL', () => {
    expect(rejection(without(boletoBody(), 'paymentMethod'))).toBe(
      'paymentMethod: is required for BRL (use BOLETO or PIX)',
    );
  });

  it('refuses CREDIT_CARD as not supported by this service', () => {
    expect(rejection({ ...boletoBody(), paymentMethod: 'CREDIT_CARD' })).toBe(
      'paymentMethod: CREDIT_CARD is not supported by this service (use BOLETO or PIX)',
    );
  });

  it.each(['boleto', 'QR', 'BANK_TRANSFER', 7, true])('refuses paymentMethod %j', (method) => {
    expect(rejection({ ...boletoBody(), paymentMethod: method })).toBe(
      'paymentMethod: must be one of BOLETO, PIX for BRL',
    );
  });

  it.each([
    'name',
    'email',
    'phone',
    'amount',
    'description',
    'cpf',
    'responsibleDocument',
    'responsibleExternalId',
    'boletoAddress',
  ])('requires %s', (field) => {
    expect(rejection(without(boletoBody(), field))).toBe(`${field}: is required`);
  });

  it.each(['address', 'district', 'city', 'zipCode', 'uf'])('requires boletoAddress.%s', (field) => {
    const body = {
      ...boletoBody(),
      boletoAddress: without(boletoBody().boletoAddress as Record<string, unknown>, field),
    };
    expect(rejection(body)).toBe(`boletoAddress.${field}: is required`);
  });

  it('refuses an incomplete or malformed address, naming each part', () => {
    const body = {
      ...boletoBody(),
      boletoAddress: {
        address: ' ',
        district: 'x'.repeat(256),
        city: 5,
        zipCode: '0131-0100',
        uf: 'XX',
        extra: 1,
      },
    };
    expect(rejection(body)).toBe(
      'boletoAddress.address: must not be empty; boletoAddress.district: must be at most 255 characters; boletoAddress.city: must be a string; ' +
        'boletoAddress.zipCode: must be 8 digits (e.g. 01310-100); boletoAddress.uf: must be one of the 27 Brazilian UFs (e.g. SP, RJ, DF); boletoAddress.extra: unknown field',
    );
    expect(rejection({ ...boletoBody(), boletoAddress: 'Av. Paulista 1000' })).toBe(
      'boletoAddress: must be an object with address, district, city, zipCode and uf',
    );
  });

  it('accepts each address part up to 255 characters', () => {
    const long = 'x'.repeat(255);
    const body = {
      ...boletoBody(),
      boletoAddress: {
        address: long,
        number: long,
        complement: long,
        district: long,
        city: long,
        zipCode: '01310100',
        uf: 'df',
      },
    };
    expect(parse(body)).toMatchObject({ boletoAddress: { address: long, complement: long, uf: 'DF' } });
    expect(rejection({ ...body, boletoAddress: { ...body.boletoAddress, number: 'x'.repeat(256) } })).toBe(
      'boletoAddress.number: must be at most 255 characters',
    );
  });

  it.each([
    [499, false],
    [500, true],
    [9_999_999_999, true],
    [10_000_000_000, false],
  ])('amount %i is accepted: %s', (amount, accepted) => {
    const body = { ...boletoBody(), amount };
    if (accepted) expect(parse(body).amount).toBe(amount);
    else expect(rejection(body)).toBe('amount: must be an integer between 500 and 9999999999 (cents of BRL)');
  });

  it('checks cpf and responsibleDocument by their check digits without echoing them', () => {
    const message = rejection({
      ...boletoBody(),
      cpf: '111.111.111-11',
      responsibleDocument: '11.222.333/0001-80',
    });
    expect(message).toBe(
      'cpf: is not a valid CPF (check digits do not match); responsibleDocument: is not a valid CNPJ (check digits do not match)',
    );
    expect(rejection({ ...boletoBody(), cpf: '1234567890' })).toBe(
      'cpf: must be a CPF (11 digits) or a CNPJ (14 characters, the last two digits)',
    );
  });

  it('needs a boleto phone of 8 to 12 digits', () => {
    expect(parse({ ...boletoBody(), phone: '3123-4567' }).phone).toBe('31234567');
    expect(rejection({ ...boletoBody(), phone: '+55 (11) 91234-5678' })).toBe(
      'phone: must have 8 to 12 digits',
    );
    expect(rejection({ ...boletoBody(), phone: '11 9123-ABCD' })).toMatch(/^phone: must contain only digits/);
    expect(rejection({ ...boletoBody(), phone: 11912345678 })).toBe('phone: must be a string');
  });

  describe('dueDate', () => {
    it('defaults to today + 3 days in São Paulo, also late in the evening', () => {
      // 23:30 in São Paulo on Nov 25 is already Nov 26 in UTC.
      expect(parse(boletoBody(), new Date('2026-11-26T02:30:00Z'))).toMatchObject({ dueDate: '2026-11-28' });
      expect(parse(boletoBody(), new Date('2026-11-26T03:30:00Z'))).toMatchObject({ dueDate: '2026-11-29' });
    });

    it('accepts today in São Paulo and refuses yesterday', () => {
      const late = new Date('2026-11-26T02:30:00Z');
      expect(parse({ ...boletoBody(), dueDate: '2026-11-25' }, late)).toMatchObject({
        dueDate: '2026-11-25',
      });
      expect(rejection({ ...boletoBody(), dueDate: '2026-11-24' }, late)).toBe(
        'dueDate: must not be in the past (today is 2026-11-25 in São Paulo)',
      );
    });

    it.each(['2026-02-30', '2026-12-1', '01/12/2026', '2026-12-01T00:00:00Z'])('refuses %j', (dueDate) => {
      expect(rejection({ ...boletoBody(), dueDate })).toBe(
        'dueDate: must be a real calendar date in the format YYYY-MM-DD',
      );
    });
  });
});

describe('cpf where the contract says "not used" (COP, BOB)', () => {
  it('is ignored when it is a string or null, and type-checked when sent', () => {
    expect(parse({ ...copBody(), cpf: 'anything' }).currency).toBe('COP');
    expect(parse({ ...bobBody(), cpf: null }).currency).toBe('BOB');
    const deep = JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`);
    expect(rejection({ ...bobBody(), cpf: deep })).toBe('cpf: must be a string');
    expect(rejection({ ...copBody(), cpf: 52998224725 })).toBe('cpf: must be a string');
    expect(rejection({ ...copBody(), cpf: 'x'.repeat(256) })).toMatch(/^cpf: /);
  });
});

describe('COP', () => {
  it('returns the normalised request with BANK_TRANSFER by default and ignores cpf', () => {
    expect(parse({ ...copBody(), cpf: 'not used' })).toEqual({
      currency: 'COP',
      method: 'BANK_TRANSFER',
      name: 'Juan Pérez',
      email: 'juan@example.co',
      phone: '+573001234567',
      amount: 5_000_000,
      description: 'Orden 55',
      responsibleDocument: '1020304050',
      responsibleDocumentTypes: ['CC', 'NIT', 'CE', 'TI'],
      responsibleExternalId: 'cliente-9',
      externalId: null,
      postbackUrl: null,
      sendEmails: true,
    });
  });

  it.each(methodCodesOf('COP'))('accepts paymentMethod %s', (method) => {
    expect(parse({ ...copBody(), paymentMethod: method }).method).toBe(method);
  });

  it.each(['QR', 'BOLETO', 'pse', 1])('refuses paymentMethod %j', (method) => {
    expect(rejection({ ...copBody(), paymentMethod: method })).toBe(
      'paymentMethod: must be one of BANK_TRANSFER, PSE, NEQUI, BREB for COP',
    );
  });

  it.each([
    'name',
    'email',
    'phone',
    'amount',
    'description',
    'responsibleDocument',
    'responsibleExternalId',
  ])('requires %s', (field) => {
    expect(rejection(without(copBody(), field))).toBe(`${field}: is required`);
  });

  it.each([
    [999_999, false],
    [1_000_000, true],
    [1_000_000_000, true],
    [1_000_000_001, false],
  ])('amount %i is accepted: %s', (amount, accepted) => {
    const body = { ...copBody(), amount };
    if (accepted) expect(parse(body).amount).toBe(amount);
    else
      expect(rejection(body)).toBe(
        'amount: must be an integer between 1000000 and 1000000000 (cents of COP)',
      );
  });

  it('checks the NIT check digit when given, without echoing the number', () => {
    expect(parse({ ...copBody(), responsibleDocument: '800.197.268-4' })).toMatchObject({
      responsibleDocument: '800197268-4',
      responsibleDocumentTypes: ['NIT'],
    });
    expect(rejection({ ...copBody(), responsibleDocument: '800.197.268-5' })).toBe(
      'responsibleDocument: NIT check digit (after the hyphen) does not match',
    );
    expect(rejection({ ...copBody(), responsibleDocument: '12-AB' })).toBe(
      'responsibleDocument: must be a CC, NIT, CE or TI number',
    );
  });

  it('needs an E.164 phone', () => {
    expect(rejection({ ...copBody(), phone: '300 12' })).toBe(
      'phone: must have 8 to 15 digits including the country calling code',
    );
  });

  it('refuses boleto-only fields as unknown', () => {
    expect(rejection({ ...copBody(), dueDate: '2026-12-01' })).toBe('dueDate: unknown field');
    expect(rejection({ ...copBody(), boletoAddress: {} })).toBe('boletoAddress: unknown field');
  });
});

describe('BOB', () => {
  it('returns the normalised request with QR by default', () => {
    expect(parse({ ...bobBody(), cpf: null, paymentMethod: 'QR', externalId: 'ext-1' })).toEqual({
      currency: 'BOB',
      method: 'QR',
      name: 'Ana Mamani',
      email: 'ana@example.bo',
      phone: '+59171234567',
      amount: 10_000,
      description: 'Compra 77',
      responsibleDocument: '4567890-LP',
      responsibleDocumentTypes: ['CI'],
      responsibleExternalId: 'cli-3',
      externalId: 'ext-1',
      postbackUrl: null,
      sendEmails: true,
    });
    expect(parse(bobBody()).method).toBe('QR');
  });

  it.each(['PSE', 'BOLETO', 'qr'])('refuses paymentMethod %j', (method) => {
    expect(rejection({ ...bobBody(), paymentMethod: method })).toBe('paymentMethod: must be QR for BOB');
  });

  it.each([
    'name',
    'email',
    'phone',
    'amount',
    'description',
    'responsibleDocument',
    'responsibleExternalId',
  ])('requires %s', (field) => {
    expect(rejection(without(bobBody(), field))).toBe(`${field}: is required`);
  });

  it.each([
    [999, false],
    [1_000, true],
    [1_000_000, true],
    [1_000_001, false],
  ])('amount %i is accepted: %s', (amount, accepted) => {
    const body = { ...bobBody(), amount };
    if (accepted) expect(parse(body).amount).toBe(amount);
    else expect(rejection(body)).toBe('amount: must be an integer between 1000 and 1000000 (cents of BOB)');
  });

  it('refuses a document that is no CI, NIT or PAS', () => {
    expect(rejection({ ...bobBody(), responsibleDocument: '123' })).toBe(
      'responsibleDocument: must be a CI, NIT or PAS number',
    );
  });
});

describe('currency selection', () => {
  it.each(['MXN', 'ARS', 'USD'])('refuses %s as not supported', (currency) => {
    expect(rejection({ ...copBody(), currency })).toBe(
      `currency: ${currency} is not supported (use BRL, COP or BOB)`,
    );
  });

  it('asks for upper case rather than calling cop unsupported', () => {
    expect(rejection({ ...copBody(), currency: 'cop' })).toBe(
      'currency: must be one of BRL, COP or BOB, in upper case',
    );
  });

  it.each([1, true, {}, [], 'COLOMBIA', 'x'.repeat(1000)])('refuses %j without repeating it', (currency) => {
    expect(rejection({ ...copBody(), currency })).toBe('currency: must be one of BRL, COP or BOB');
  });

  it('reports only the selection error when the rail is unknown', () => {
    expect(rejection({ currency: 'MXN' })).toBe('currency: MXN is not supported (use BRL, COP or BOB)');
    expect(rejection({ paymentMethod: 'CREDIT_CARD' })).toBe(
      'paymentMethod: CREDIT_CARD is not supported by this service (use BOLETO or PIX)',
    );
  });
});

describe('common fields', () => {
  const variants = [
    ['BRL', boletoBody],
    ['COP', copBody],
    ['BOB', bobBody],
  ] as const;

  describe.each(variants)('%s', (_currency, body) => {
    it('trims name and description and bounds them to 255 characters', () => {
      expect(parse({ ...body(), name: `  ${'n'.repeat(255)}  `, description: ' d ' })).toMatchObject({
        name: 'n'.repeat(255),
        description: 'd',
      });
      expect(rejection({ ...body(), name: 'n'.repeat(256), description: 'd'.repeat(256) })).toBe(
        'name: must be at most 255 characters; description: must be at most 255 characters',
      );
      expect(rejection({ ...body(), name: '   ', description: '' })).toBe(
        'name: must not be empty; description: must not be empty',
      );
    });

    it('validates email', () => {
      expect(rejection({ ...body(), email: 'not-an-email' })).toBe('email: must be a valid e-mail address');
      expect(rejection({ ...body(), email: null })).toBe('email: must be a string');
    });

    it('refuses non-integer and non-number amounts', () => {
      for (const amount of [1_000_000.5, '1000000', null, true, [1_000_000]]) {
        expect(rejection({ ...body(), amount }), JSON.stringify(amount)).toMatch(
          /^amount: must be an integer between \d+ and \d+ \(cents of [A-Z]{3}\)$/,
        );
      }
    });

    it('bounds responsibleExternalId and externalId to 255 characters, kept as sent', () => {
      const id = ` ${'i'.repeat(253)} `;
      expect(parse({ ...body(), responsibleExternalId: id, externalId: id })).toMatchObject({
        responsibleExternalId: id,
        externalId: id,
      });
      expect(
        rejection({ ...body(), responsibleExternalId: 'r'.repeat(256), externalId: 'e'.repeat(256) }),
      ).toBe(
        'responsibleExternalId: must be at most 255 characters; externalId: must be at most 255 characters',
      );
      expect(rejection({ ...body(), externalId: '' })).toBe('externalId: must not be empty');
      expect(rejection({ ...body(), externalId: 42 })).toBe('externalId: must be a string');
    });

    it('accepts an absolute http(s) postbackUrl and refuses others', () => {
      expect(parse({ ...body(), postbackUrl: 'http://localhost:3000/hook' })).toMatchObject({
        postbackUrl: 'http://localhost:3000/hook',
      });
      expect(rejection({ ...body(), postbackUrl: 'ftp://example.com' })).toBe(
        'postbackUrl: must be an absolute http or https URL',
      );
      expect(rejection({ ...body(), postbackUrl: `https://example.com/${'p'.repeat(2048)}` })).toBe(
        'postbackUrl: must be at most 2048 characters',
      );
    });

    it('refuses unknown fields by name', () => {
      expect(rejection({ ...body(), installments: 3 })).toBe('installments: unknown field');
    });

    it('names every failing field at once, in schema order', () => {
      const message = rejection({
        ...body(),
        name: '',
        email: 'x',
        amount: 1.5,
        responsibleExternalId: undefined,
      });
      expect(message.split('; ').map((part) => part.split(':')[0])).toEqual([
        'name',
        'email',
        'amount',
        'responsibleExternalId',
      ]);
    });
  });
});

describe('body shape', () => {
  it.each([null, [], 'text', 42, true])('refuses %j as a body', (body) => {
    expect(rejection(body)).toBe('body: must be a JSON object');
  });

  it('names an empty key as ""', () => {
    expect(rejection({ ...copBody(), '': 1 })).toBe('"": unknown field');
    expect(
      rejection({ ...boletoBody(), boletoAddress: { ...(boletoBody().boletoAddress as object), '': 1 } }),
    ).toBe('boletoAddress."": unknown field');
  });

  it('refuses a __proto__ key parsed from JSON as an unknown field', () => {
    const body = JSON.parse(JSON.stringify(copBody()).replace(/^\{/, '{"__proto__":{"polluted":true},'));
    expect(rejection(body)).toBe('__proto__: unknown field');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never repeats document numbers in messages', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...boletoBody(), cpf: '987.654.321-01', phone: 'x' }, '98765432101'],
      [{ ...boletoBody(), responsibleDocument: '98.765.432/0001-00' }, '98765432000100'],
      [{ ...copBody(), responsibleDocument: '987654321-0' }, '987654321'],
      [{ ...bobBody(), responsibleDocument: '98765432109876' }, '98765432109876'],
    ];
    for (const [body, digits] of cases) {
      const message = rejection(body);
      expect(message).toContain(body === cases[0]?.[0] ? 'cpf:' : 'responsibleDocument:');
      expect(message.replace(/\D/g, '')).not.toContain(digits.slice(0, 6));
    }
  });
});
