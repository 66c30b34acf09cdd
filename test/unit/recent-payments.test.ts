// What a listing's cursor remembers of the payments it handled: those the next window's overlap
// may list again, so they are not looked up twice (reconcile-payments.ts).
import { describe, expect, it } from 'vitest';
import { recentPayments } from '../../shared/transactions/reconcile-payments.ts';

describe('recentPayments', () => {
  const handled = {
    early: '2026-11-26T11:50:00.000Z',
    late: '2026-11-26T12:00:00.000Z',
    edge: '2026-11-26T11:55:00.000Z',
  };

  it('keeps the payments listed by a window that ends at or after the next window starts', () => {
    expect(recentPayments(handled, '2026-11-26T11:55:00.000Z')).toEqual({
      late: '2026-11-26T12:00:00.000Z',
      edge: '2026-11-26T11:55:00.000Z',
    });
  });

  it('keeps them all while a window is still being read', () => {
    expect(recentPayments(handled, null)).toEqual(handled);
  });

  it('keeps the latest 2,000 when there are more', () => {
    const many = Object.fromEntries(
      Array.from({ length: 2500 }, (_, index) => [
        `tx${index}`,
        new Date(Date.UTC(2026, 10, 26, 12, 0, index)).toISOString(),
      ]),
    );
    const kept = recentPayments(many, null);
    expect(Object.keys(kept)).toHaveLength(2000);
    expect(kept.tx2499).toBeDefined();
    expect(kept.tx0).toBeUndefined();
  });
});
