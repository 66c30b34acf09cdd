import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createOfferSchema } from '../../shared/catalog/offer-schemas.ts';
import {
  createProductSchema,
  listProductsQuery,
  updateProductSchema,
} from '../../shared/catalog/product-schemas.ts';
import { AppError } from '../../shared/errors.ts';
import { parseOrThrow } from '../../shared/http/validation.ts';

function message(schema: v.GenericSchema, input: unknown): string {
  try {
    parseOrThrow(schema, input, 'body');
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).message;
  }
  throw new Error('accepted');
}

describe('createProductSchema', () => {
  it('trims the name and keeps the description as sent', () => {
    expect(parseOrThrow(createProductSchema, { name: '  Mug ', description: ' two\nlines\t' })).toEqual({
      name: 'Mug',
      description: ' two\nlines\t',
    });
  });

  it.each([
    [{ name: 'x' }],
    [{ name: 'x'.repeat(255) }],
    [{ name: '😀'.repeat(255) }],
    [{ name: 'A', description: null, externalId: null }],
    [{ name: 'A', description: '', metadata: {} }],
    [{ name: 'A', externalId: 'e'.repeat(255) }],
    [{ name: 'A', description: 'd'.repeat(5000) }],
  ])('accepts %j', (input) => {
    expect(() => parseOrThrow(createProductSchema, input)).not.toThrow();
  });

  it.each([
    [{}, 'name: is required'],
    [{ name: '' }, 'name: must not be empty'],
    [{ name: ' \n ' }, 'name: must not be empty'],
    [{ name: 'x'.repeat(256) }, 'name: must be at most 255 characters'],
    [{ name: '😀'.repeat(256) }, 'name: must be at most 255 characters'],
    [{ name: 'a\u0000b' }, 'name: must not contain control characters'],
    [{ name: 7 }, 'name: must be a string'],
    [{ name: 'A', description: 'd'.repeat(5001) }, 'description: must be at most 5000 characters'],
    [
      { name: 'A', description: 'bell\u0007' },
      'description: must not contain control characters other than line breaks and tabs',
    ],
    [{ name: 'A', externalId: '' }, 'externalId: must not be empty'],
    [{ name: 'A', externalId: 'e'.repeat(256) }, 'externalId: must be at most 255 characters'],
    [{ name: 'A', metadata: [] }, 'metadata: must be a JSON object'],
    [{ name: 'A', metadata: 'text' }, 'metadata: must be a JSON object'],
    [{ name: 'A', metadata: null }, 'metadata: must be a JSON object'],
    [{ name: 'A', metadata: 3 }, 'metadata: must be a JSON object'],
    [
      { name: 'A', metadata: { k: 'é'.repeat(8200) } },
      'metadata: must be at most 16384 bytes when serialized as JSON',
    ],
    [{ name: 'A', extra: 1 }, 'extra: unknown field'],
    [
      { name: 'A', imageUrl: 'https://x/y.png' },
      'imageUrl: is not accepted here; the image is set only through POST /v2/products/:id/image',
    ],
    [{ name: 'A', id: 'prd_x' }, 'id: unknown field'],
  ])('refuses %j: %s', (input, expected) => {
    expect(message(createProductSchema, input)).toBe(expected);
  });

  it('names every offending field at once', () => {
    const text = message(createProductSchema, { name: '', metadata: [], imageUrl: 'x' });
    expect(text).toContain('name: must not be empty');
    expect(text).toContain('metadata: must be a JSON object');
    expect(text).toContain('imageUrl: ');
  });
});

describe('updateProductSchema', () => {
  it('keeps null (clear/release) apart from absent (unchanged)', () => {
    expect(parseOrThrow(updateProductSchema, { externalId: null })).toEqual({ externalId: null });
    expect(parseOrThrow(updateProductSchema, { active: false })).toEqual({ active: false });
  });

  it.each([
    [{}, 'body: must contain at least one of name, description, externalId, metadata, active'],
    [
      { imageUrl: null },
      'imageUrl: is not accepted here; the image is set only through POST /v2/products/:id/image',
    ],
    [{ active: 'true' }, 'active: must be true or false'],
    [{ name: null }, 'name: must be a string'],
    [{ deletedAt: null }, 'deletedAt: unknown field'],
  ])('refuses %j: %s', (input, expected) => {
    expect(message(updateProductSchema, input)).toBe(expected);
  });
});

describe('listProductsQuery', () => {
  it('parses limit and flags', () => {
    expect(
      parseOrThrow(listProductsQuery, { limit: '100', active: 'false', archived: 'true' }, 'query'),
    ).toEqual({ limit: 100, active: false, archived: true });
  });

  it.each(['0', '101', '-1', '1.5', 'ten', '', '0010'])('refuses limit %j', (limit) => {
    expect(message(listProductsQuery, { limit })).toMatch(/^limit: must be an integer between 1 and 100$/);
  });
});

describe('createOfferSchema', () => {
  it.each([
    [
      { productId: 'p', name: 'A', amount: 0 },
      'amount: must be an integer between 1 and 9999999999 (cents of BRL)',
    ],
    [
      { productId: 'p', name: 'A', amount: 1.5 },
      "amount: must be an integer (cents of the offer's currency)",
    ],
    [
      { productId: 'p', name: 'A', amount: 1e10 },
      'amount: must be an integer between 1 and 9999999999 (cents of BRL)',
    ],
    [
      { productId: 'p', name: 'A', amount: 999_999, currency: 'COP' },
      'amount: must be an integer between 1000000 and 1000000000 (cents of COP)',
    ],
    [
      { productId: 'p', name: 'A', amount: 1_000_001, currency: 'BOB' },
      'amount: must be an integer between 1000 and 1000000 (cents of BOB)',
    ],
    [{ productId: 'p', name: 'A', amount: 1, currency: 'USD' }, 'currency: must be one of BRL, COP, BOB'],
    [
      { productId: 'p', name: 'A', amount: 1, billingCycle: 'DAILY' },
      'billingCycle: must be one of WEEKLY, MONTHLY, QUARTERLY, SEMIANNUALLY, YEARLY, or null for a one-time offer',
    ],
    [{ name: 'A', amount: 1 }, 'productId: is required'],
  ])('refuses %j: %s', (input, expected) => {
    expect(message(createOfferSchema, input)).toBe(expected);
  });

  it("accepts the bounds of the currency's payment methods", () => {
    expect(parseOrThrow(createOfferSchema, { productId: 'p', name: 'A', amount: 1 })).toEqual({
      productId: 'p',
      name: 'A',
      amount: 1,
    });
    for (const [currency, amount] of [
      ['BRL', 9_999_999_999],
      ['COP', 1_000_000],
      ['COP', 1_000_000_000],
      ['BOB', 1_000],
      ['BOB', 1_000_000],
    ] as const) {
      expect(
        parseOrThrow(createOfferSchema, {
          productId: 'p',
          name: 'A',
          amount,
          currency,
          billingCycle: 'YEARLY',
        }),
      ).toMatchObject({ amount, currency });
    }
  });
});
