import { describe, expect, it } from 'vitest';
import { addBusinessDays, watchDeadline } from '../../shared/transactions/payment-deadline.ts';

describe('addBusinessDays', () => {
  it('skips Saturdays and Sundays', () => {
    expect(addBusinessDays('2026-11-25', 3)).toBe('2026-11-30'); // Wed → Thu, Fri, Mon
    expect(addBusinessDays('2026-11-27', 3)).toBe('2026-12-02'); // Fri → Mon, Tue, Wed
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30'); // a Saturday due date → Monday
    expect(addBusinessDays('2026-11-25', 0)).toBe('2026-11-25');
  });
});

describe('watchDeadline', () => {
  it('is the rail’s expiry for charges without a settlement window', () => {
    expect(watchDeadline({ expiresAt: '2026-11-26T15:00:00.000Z' }, 3)).toBe('2026-11-26T15:00:00.000Z');
    expect(watchDeadline({ expiresAt: null }, 3)).toBeNull();
  });

  it('adds the business-day settlement window to a boleto’s expiry', () => {
    const boleto = { dueDate: '2026-11-27', payerDocument: '', address: {} as never };
    // Due Friday, payable until the end of that day in São Paulo; watched until the end of Wednesday.
    expect(watchDeadline({ expiresAt: '2026-11-28T03:00:00.000Z', boleto }, 3)).toBe(
      '2026-12-03T03:00:00.000Z',
    );
    expect(watchDeadline({ expiresAt: '2026-11-28T03:00:00.000Z', boleto }, 0)).toBe(
      '2026-11-28T03:00:00.000Z',
    );
  });
});
