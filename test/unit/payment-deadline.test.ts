import { describe, expect, it } from 'vitest';
import { addBusinessDays, watchDeadline } from '../../shared/transactions/payment-deadline.ts';

describe('addBusinessDays', () => {
  it('skips Saturdays and Sundays', () => {
    expect(addBusinessDays('2026-11-25', 3)).toBe('2026-11-30'); // Wed → Thu, Fri, Mon
    expect(addBusinessDays('2026-11-27', 3)).toBe('2026-12-02'); // Fri → Mon, Tue, Wed
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30'); // a Saturday due date → Monday
    expect(addBusinessDays('2026-11-25', 0)).toBe('2026-11-25');
  });

  it('skips bank holidays', () => {
    expect(addBusinessDays('2026-11-19', 3)).toBe('2026-11-25'); // Consciência Negra: Mon, Tue, Wed
    expect(addBusinessDays('2027-02-05', 3)).toBe('2027-02-12'); // Carnival: Wed, Thu, Fri
    expect(addBusinessDays('2026-12-24', 3)).toBe('2026-12-30'); // Christmas: Mon, Tue, Wed
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

  it('counts the window in bank business days from the last payable day', () => {
    // Due on Christmas 2026 (a Friday), payable until the end of Monday the 28th; the 31st has
    // no public bank service and January 1st is a holiday: watched until the end of January 4th.
    const christmas = { dueDate: '2026-12-25', payerDocument: '', address: {} as never };
    expect(watchDeadline({ expiresAt: '2026-12-29T03:00:00.000Z', boleto: christmas }, 3)).toBe(
      '2027-01-05T03:00:00.000Z',
    );
    // Due the Friday before Carnival 2027: watched through Wednesday, Thursday and Friday.
    const carnival = { dueDate: '2027-02-05', payerDocument: '', address: {} as never };
    expect(watchDeadline({ expiresAt: '2027-02-06T03:00:00.000Z', boleto: carnival }, 3)).toBe(
      '2027-02-13T03:00:00.000Z',
    );
  });
});
