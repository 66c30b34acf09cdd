import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import { findMethod, methodCodesOf } from '../../shared/payment-methods.ts';
import { brazilianUfs } from '../../shared/purchase/brazil.ts';
import { type PurchaseRequest, parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { bobBody, boletoBody, copBody } from '../support/purchase-fixtures.ts';
import { plusDays } from '../support/sao-paulo-calendar.ts';

/** São Paulo's calendar date from the time zone database, not from the service's date code. */
function saoPauloDateOf(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

type Outcome = { accepted: PurchaseRequest } | { rejected: AppError };

/** Runs the parser and fails the property on anything but a value or a 400 `validation` AppError. */
function outcome(body: unknown, now: Date): Outcome {
  try {
    return { accepted: parsePurchaseRequest(body, now) };
  } catch (error) {
    if (!(error instanceof AppError)) throw new Error(`not an AppError: ${String(error)}`);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation');
    // Names a field (or the body) and a rule. (Not split on "; ": a client's key may contain it.)
    expect(error.message).toMatch(/^.+: \S/s);
    return { rejected: error };
  }
}

// Dates that Intl can format: ±100 years around now.
const anyNow = fc.date({
  min: new Date('1950-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\ud800',
    'a\u0000b',
    'x'.repeat(300),
    '2026-02-30',
    'PIX',
    'BOLETO',
    'COP',
    'BOB',
    'BRL',
    'MXN',
    '__proto__',
    'constructor',
  ),
);
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), nastyString, fc.double(), fc.integer());

const bodyKeys = [
  'currency',
  'paymentMethod',
  'name',
  'email',
  'phone',
  'amount',
  'description',
  'cpf',
  'responsibleDocument',
  'responsibleExternalId',
  'externalId',
  'postbackUrl',
  'dueDate',
  'boletoAddress',
  'unexpected',
  '__proto__',
  'toString',
];
const addressKeys = ['address', 'number', 'complement', 'district', 'city', 'zipCode', 'uf', 'extra'];

type Mutation =
  | { op: 'set'; key: string; value: unknown }
  | { op: 'delete'; key: string }
  | { op: 'setAddress'; key: string; value: unknown }
  | { op: 'deleteAddress'; key: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    op: fc.constant('set' as const),
    key: fc.oneof(fc.constantFrom(...bodyKeys), fc.string({ maxLength: 10 })),
    value: anyValue,
  }),
  fc.record({ op: fc.constant('delete' as const), key: fc.constantFrom(...bodyKeys) }),
  fc.record({
    op: fc.constant('setAddress' as const),
    key: fc.constantFrom(...addressKeys),
    value: anyValue,
  }),
  fc.record({ op: fc.constant('deleteAddress' as const), key: fc.constantFrom(...addressKeys) }),
);

function mutate(body: Record<string, unknown>, mutations: readonly Mutation[]): Record<string, unknown> {
  // Define, not assign, so that "__proto__" becomes an own key as JSON.parse would make it.
  const put = (target: Record<string, unknown>, key: string, value: unknown) =>
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  for (const change of mutations) {
    if (change.op === 'set') put(body, change.key, change.value);
    else if (change.op === 'delete') delete body[change.key];
    else {
      const address = body.boletoAddress;
      if (typeof address !== 'object' || address === null || Array.isArray(address)) continue;
      if (change.op === 'setAddress') put(address as Record<string, unknown>, change.key, change.value);
      else delete (address as Record<string, unknown>)[change.key];
    }
  }
  return body;
}

const validBodies = fc.constantFrom(boletoBody, copBody, bobBody).map((make) => make());

describe('parsePurchaseRequest never fails with anything but a 400', () => {
  it('for arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), anyNow, (body, now) => {
        outcome(body, now);
      }),
      { numRuns: 500 },
    );
  });

  it('for arbitrary objects with purchase-like keys', () => {
    const objects = fc.dictionary(fc.constantFrom(...bodyKeys), anyValue, { maxKeys: 14 });
    fc.assert(
      fc.property(objects, anyNow, (body, now) => {
        outcome(body, now);
      }),
      { numRuns: 500 },
    );
  });

  it('for valid bodies with a few fields changed, removed or added', () => {
    fc.assert(
      fc.property(
        validBodies,
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        anyNow,
        (body, mutations, now) => {
          const input = mutate(body, mutations);
          const before = structuredClone(input);
          outcome(input, now);
          expect(input).toEqual(before); // the parser does not touch its input
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// ---------------------------------------------------------------- generated valid bodies

/** Reference check digits, written independently of shared/purchase/documents.ts. */
function mod11Digit(values: number[], weights: number[]): number {
  const sum = values.reduce((total, value, i) => total + value * (weights[i] ?? 0), 0);
  return sum % 11 < 2 ? 0 : 11 - (sum % 11);
}
const cpfOf = (nine: number[]) => {
  const d1 = mod11Digit(nine, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11Digit([...nine, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...nine, d1, d2].join('');
};
const cnpjOf = (twelve: string) => {
  const values = [...twelve].map((char) => char.charCodeAt(0) - 48);
  const d1 = mod11Digit(values, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11Digit([...values, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${twelve}${d1}${d2}`;
};

const digit = fc.integer({ min: 0, max: 9 });
const cpf = fc
  .array(digit, { minLength: 9, maxLength: 9 })
  .filter((d) => new Set(d).size > 1)
  .map(cpfOf);
const cnpj = fc
  .string({ unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 12, maxLength: 12 })
  .filter((s) => new Set(s).size > 1)
  .map(cnpjOf);
const formattedCnpj = cnpj.map(
  (c) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`,
);
const brDocument = fc.oneof(
  cpf,
  cnpj,
  formattedCnpj,
  formattedCnpj.map((c) => c.toLowerCase()),
);

const text = (max: number) =>
  fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);
const amountIn = (currency: 'BRL' | 'COP' | 'BOB') => {
  const range = findMethod(currency, { BRL: 'BOLETO', COP: 'PSE', BOB: 'QR' }[currency])!.amount;
  return fc.integer({ min: range.min, max: range.max });
};
const phoneDigits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

const generatedBoleto = fc.record({
  paymentMethod: fc.constant('BOLETO'),
  name: text(255),
  email: fc.constantFrom('a@b.co', 'pagador@example.com.br'),
  phone: phoneDigits(8, 12),
  amount: amountIn('BRL'),
  description: text(255),
  cpf: brDocument,
  responsibleDocument: brDocument,
  responsibleExternalId: text(255),
  boletoAddress: fc.record({
    address: text(255),
    district: text(255),
    city: text(255),
    zipCode: phoneDigits(8, 8),
    uf: fc.constantFrom(...brazilianUfs).map((uf) => uf.toLowerCase()),
  }),
});
const generatedCop = fc.record({
  currency: fc.constant('COP'),
  paymentMethod: fc.constantFrom(...methodCodesOf('COP')),
  name: text(255),
  email: fc.constant('pagador@example.co'),
  phone: phoneDigits(7, 14).map((d) => `+5${d}`),
  amount: amountIn('COP'),
  description: text(255),
  responsibleDocument: phoneDigits(6, 11),
  responsibleExternalId: text(255),
});
const generatedBob = fc.record({
  currency: fc.constant('BOB'),
  name: text(255),
  email: fc.constant('pagador@example.bo'),
  phone: phoneDigits(7, 14).map((d) => `591${d}`.slice(0, 15)),
  amount: amountIn('BOB'),
  description: text(255),
  responsibleDocument: phoneDigits(5, 12),
  responsibleExternalId: text(255),
});

describe('valid bodies are accepted and normalised', () => {
  it('for generated boleto, COP and BOB bodies', () => {
    fc.assert(
      fc.property(fc.oneof(generatedBoleto, generatedCop, generatedBob), anyNow, (body, now) => {
        const result = outcome(body, now);
        if ('rejected' in result) throw new Error(`rejected: ${result.rejected.message}`);
        const request = result.accepted;
        expect(request.amount).toBe(body.amount);
        expect(request.name).toBe(body.name.trim());
        if (request.method === 'BOLETO') {
          expect(request.phone).toMatch(/^\d{8,12}$/);
          expect(request.cpf).toMatch(/^[0-9A-Z]{12}\d{2}$|^\d{11}$/);
          expect(request.boletoAddress.uf).toMatch(/^[A-Z]{2}$/);
          // The contract's default: three days after today in São Paulo.
          expect(request.dueDate).toBe(plusDays(saoPauloDateOf(now), 3));
        } else if (request.currency !== 'BRL') {
          expect(request.phone).toMatch(/^\+\d{8,15}$/);
          expect(request.responsibleDocumentTypes.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('messages never repeat a rejected document number', () => {
  it('for random 11- and 14-digit cpf values in a boleto body', () => {
    const digits = fc.oneof(phoneDigits(11, 11), phoneDigits(14, 14));
    fc.assert(
      fc.property(digits, (number) => {
        const result = outcome(
          { ...boletoBody(), cpf: number, responsibleDocument: number, phone: 'bad' },
          new Date('2026-11-25T15:00:00Z'),
        );
        // The phone alone makes the body invalid, so there is always a message to check.
        if (!('rejected' in result)) throw new Error('a body with phone "bad" was accepted');
        expect(result.rejected.message).not.toContain(number);
      }),
      { numRuns: 300 },
    );
  });
});
