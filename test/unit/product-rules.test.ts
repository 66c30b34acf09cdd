import { describe, expect, it } from 'vitest';
import { listedBy } from '../../shared/catalog/list-products.ts';
import { isProductId, nextUpdatedAt } from '../../shared/catalog/product.ts';

describe('nextUpdatedAt', () => {
  it('is now when now is later', () => {
    expect(nextUpdatedAt('2026-01-01T00:00:00.000Z', new Date('2026-01-01T00:00:05.000Z'))).toBe(
      '2026-01-01T00:00:05.000Z',
    );
  });

  it('is one millisecond after the previous value within the same millisecond or when the clock steps back', () => {
    expect(nextUpdatedAt('2026-01-01T00:00:00.000Z', new Date('2026-01-01T00:00:00.000Z'))).toBe(
      '2026-01-01T00:00:00.001Z',
    );
    expect(nextUpdatedAt('2026-01-01T00:00:00.000Z', new Date('2025-12-31T23:59:59.000Z'))).toBe(
      '2026-01-01T00:00:00.001Z',
    );
  });
});

describe('isProductId', () => {
  it.each([
    ['prd_0b8e8f4c-5a8e-4b8e-9a8e-0b8e8f4c5a8e', true],
    ['prd_0B8E8F4C-5A8E-4B8E-9A8E-0B8E8F4C5A8E', false],
    ['prd_', false],
    ['off_0b8e8f4c-5a8e-4b8e-9a8e-0b8e8f4c5a8e', false],
    ['prd_0b8e8f4c-5a8e-4b8e-9a8e-0b8e8f4c5a8e#x', false],
  ])('%s → %s', (id, expected) => expect(isProductId(id)).toBe(expected));
});

describe('listedBy', () => {
  const active = { active: true, deletedAt: null };
  const inactive = { active: false, deletedAt: null };
  const archived = { active: false, deletedAt: '2026-01-01T00:00:00.000Z' };
  it.each([
    [{ active: true, archived: false }, [true, false, false]],
    [{ active: false, archived: false }, [true, true, false]],
    [{ active: true, archived: true }, [true, false, true]],
    [{ active: false, archived: true }, [true, true, true]],
  ])('%j keeps [active, inactive, archived] = %j', (filter, expected) => {
    const keep = listedBy(filter);
    expect([active, inactive, archived].map(keep)).toEqual(expected);
  });
});
