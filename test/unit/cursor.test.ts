import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import { type CursorShape, decodeCursor, encodeCursor } from '../../shared/store/cursor.ts';

const shape: CursorShape = {
  fields: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
  pinned: { gsi1pk: 'ACC#a#PRODUCTS', sk: 'PRODUCT' },
  check: (key) => key.pk === `ACC#a#PRD#${String(key.gsi1sk).split('#').at(-1)}`,
};
const key = {
  pk: 'ACC#a#PRD#prd_1',
  sk: 'PRODUCT',
  gsi1pk: 'ACC#a#PRODUCTS',
  gsi1sk: '2026-01-01T00:00:00.000Z#prd_1',
};
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function rejects(cursor: string) {
  try {
    decodeCursor(cursor, shape);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toMatch(/^cursor: /);
    return;
  }
  throw new Error(`accepted ${cursor}`);
}

describe('cursor', () => {
  it('round-trips a key and is URL-safe', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, shape)).toEqual(key);
  });

  it('round-trips any string key of the shape (property)', () => {
    const loose: CursorShape = { fields: ['pk', 'sk'] };
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (pk, sk) => {
        expect(decodeCursor(encodeCursor({ pk, sk }), loose)).toEqual({ pk, sk });
      }),
    );
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('{not json').toString('base64url')],
    ['an array', encode([key.pk, key.sk])],
    ['null', encode(null)],
    ['a missing field', encode({ pk: key.pk, sk: key.sk, gsi1pk: key.gsi1pk })],
    ['an extra field', encode({ ...key, more: 'x' })],
    ['a non-string value', encode({ ...key, gsi1sk: { S: 'x' } })],
    ['an empty value', encode({ ...key, pk: '' })],
    ['another partition', encode({ ...key, gsi1pk: 'ACC#b#PRODUCTS' })],
    ['another item type', encode({ ...key, sk: 'OFFER' })],
    ['a table key that does not match the index entry', encode({ ...key, pk: 'ACC#a#PRD#prd_2' })],
    ['a huge cursor', 'A'.repeat(5000)],
  ])('rejects %s with 400', (_name, cursor) => rejects(cursor));

  it('rejects random garbage, and well-formed JSON of another shape, with a 400 (property)', () => {
    // A random string or JSON value is never a valid cursor of this shape: each one must be
    // refused with the 400 that names the cursor, never accepted and never another error.
    fc.assert(fc.property(fc.string(), rejects));
    fc.assert(fc.property(fc.jsonValue(), (value) => rejects(encode(value))));
    fc.assert(
      // Right field names, random values: the pinned partition and item type never match.
      fc.property(fc.dictionary(fc.constantFrom('pk', 'sk', 'gsi1pk', 'gsi1sk', 'x'), fc.string()), (value) =>
        rejects(encode(value)),
      ),
    );
  });
});
