import { describe, expect, it } from 'vitest';
import { rotateSecrets, withoutPreviousSecrets } from '../../shared/accounts/manage-webhook.ts';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { boletoExpiresAt } from '../../shared/rails/sandbox/sandbox-instructions.ts';
import { countedClose } from '../../shared/transactions/counted-close.ts';
import { requestHash } from '../../shared/transactions/request-hash.ts';
import {
  cancelableStatuses,
  closeReasonOf,
  creationView,
  lastLookStatuses,
  newTransactionRecord,
  payableStatuses,
  transactionView,
} from '../../shared/transactions/transaction.ts';
import { delaySecondsFor, pollDelayMs } from '../../shared/workers/poll-schedule.ts';
import { bobBody, boletoBody, noon } from '../support/purchase-fixtures.ts';

describe('transaction states', () => {
  it('money that arrives is never silent: every state but PAID can still become PAID', () => {
    expect([...payableStatuses].sort()).toEqual(['CANCELED', 'EXPIRED', 'FAILED', 'PENDING']);
    for (const status of [...lastLookStatuses, ...cancelableStatuses])
      expect(payableStatuses, status).toContain(status);
  });

  it('PENDING and FAILED can be canceled; a closed state tells the rail why its charge closes', () => {
    expect(cancelableStatuses).toEqual(['PENDING', 'FAILED']);
    expect(lastLookStatuses.map(closeReasonOf)).toEqual(['expired', 'canceled', 'failed']);
  });
});

describe('requestHash', () => {
  it('ignores key order but not values', () => {
    expect(requestHash({ a: 1, b: { c: 2, d: [1, 2] } })).toBe(requestHash({ b: { d: [1, 2], c: 2 }, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
  });
});

describe('transaction views', () => {
  const record = (body: Record<string, unknown>) =>
    newTransactionRecord({
      id: '1764082800000123456',
      pageToken: 't'.repeat(32),
      accountId: 'acc_1',
      request: parsePurchaseRequest(body, noon),
      costFee: 350,
      accountPostbackUrl: 'https://global.example/hooks',
      now: noon,
    });

  it('shows a boleto with an empty paymentInstruction and the due date as a UTC timestamp', () => {
    const view = creationView(record(boletoBody()));
    expect(view.paymentInstruction).toEqual({
      type: 'BOLETO',
      dueDate: '2026-11-28T00:00:00.000Z',
      boletoUrl: null,
      boletoBarcode: '',
      boletoDigitableLine: '',
    });
    expect(view).toMatchObject({
      installments: null,
      referrerUrl: null,
      redirectUrl: null,
      qr: null,
      boletoDigitableLine: null,
      expiresAt: null,
      status: 'PENDING',
      postbackUrl: 'https://global.example/hooks',
    });
    expect(view).not.toHaveProperty('updatedAt');
  });

  it('adds updatedAt and paidAt on reads, and shows the payer without what only the rails need', () => {
    const view = transactionView(record(bobBody()), 'https://global.example/hooks');
    expect(view).toMatchObject({ paymentInstruction: null, updatedAt: noon.toISOString(), paidAt: null });
    expect(view.payer).toEqual({
      name: 'Ana Mamani',
      email: 'ana@example.bo',
      phone: '+59171234567',
      document: '4567890-LP',
    });
    expect(JSON.stringify(view)).not.toContain('cli-3');
  });
});

describe('countedClose: the summary bucket a paid-late transaction leaves', () => {
  const updatedAt = '2026-11-20T10:00:00.000Z';
  it('is the close, on the day it was counted', () => {
    const closedAt = '2026-11-18T23:59:00.000Z';
    expect(countedClose({ status: 'EXPIRED', closedAt, updatedAt })).toEqual({
      change: 'expired',
      at: closedAt,
    });
    expect(countedClose({ status: 'CANCELED', closedAt, canceledAt: closedAt, updatedAt })).toEqual({
      change: 'canceled',
      at: closedAt,
    });
  });

  it('falls back to canceledAt, then updatedAt, for records closed before closedAt was kept', () => {
    const canceledAt = '2026-11-19T08:00:00.000Z';
    expect(countedClose({ status: 'CANCELED', canceledAt, updatedAt })).toEqual({
      change: 'canceled',
      at: canceledAt,
    });
    expect(countedClose({ status: 'EXPIRED', updatedAt })).toEqual({ change: 'expired', at: updatedAt });
  });

  it('is nothing for a transaction that was never closed', () => {
    for (const status of ['PENDING', 'FAILED', 'PAID'] as const)
      expect(countedClose({ status, updatedAt })).toBeNull();
  });
});

describe('webhook secret rotation', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('keeps the previous secret for 24 h and drops expired ones', () => {
    const rotated = rotateSecrets([{ secret: 'whsec_old', createdAt: '2026-01-01T00:00:00Z' }], now, {
      secret: 'whsec_new',
      createdAt: now.toISOString(),
    });
    expect(rotated).toEqual([
      {
        secret: 'whsec_old',
        createdAt: '2026-01-01T00:00:00Z',
        // docs/api.md: "After --rotate-secret both secrets sign for 24 h".
        expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString(),
      },
      { secret: 'whsec_new', createdAt: now.toISOString() },
    ]);
    const later = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 1);
    expect(
      rotateSecrets(rotated, later, { secret: 'whsec_newer', createdAt: later.toISOString() }).map(
        (s) => s.secret,
      ),
    ).toEqual(['whsec_new', 'whsec_newer']);
  });

  it('ends the overlap early by keeping only the current secret', () => {
    const rotated = rotateSecrets([{ secret: 'whsec_old', createdAt: '2026-01-01T00:00:00Z' }], now, {
      secret: 'whsec_new',
      createdAt: now.toISOString(),
    });
    expect(withoutPreviousSecrets(rotated)).toEqual([{ secret: 'whsec_new', createdAt: now.toISOString() }]);
    // An older item whose every secret is bounded keeps its newest.
    const bounded = [
      { secret: 'whsec_a', createdAt: '2026-01-01T00:00:00Z', expiresAt: '2026-12-01T00:00:00Z' },
      { secret: 'whsec_b', createdAt: '2026-02-01T00:00:00Z', expiresAt: '2026-12-02T00:00:00Z' },
    ];
    expect(withoutPreviousSecrets(bounded).map((s) => s.secret)).toEqual(['whsec_b']);
    expect(withoutPreviousSecrets([])).toEqual([]);
  });
});

describe('poll schedules', () => {
  it('walks the schedule, repeats its last step and caps at 15 minutes', () => {
    expect([1, 2, 3, 4].map((attempt) => pollDelayMs([2000, 5000, 60_000], attempt))).toEqual([
      2000, 5000, 60_000, 60_000,
    ]);
    expect(pollDelayMs([3_600_000], 1)).toBe(900_000);
    expect(delaySecondsFor(1)).toBe(1);
    expect(delaySecondsFor(0)).toBe(0);
    expect(delaySecondsFor(2_000_000)).toBe(900);
  });
});

describe('sandbox boleto expiry', () => {
  it('is the end of the due day in São Paulo', () => {
    expect(boletoExpiresAt('2026-11-27')).toBe('2026-11-28T03:00:00.000Z');
    expect(boletoExpiresAt('2026-12-30')).toBe('2026-12-31T03:00:00.000Z');
  });

  it('is the end of the next business day when the banks are closed on the due day', () => {
    expect(boletoExpiresAt('2026-11-28')).toBe('2026-12-01T03:00:00.000Z'); // Saturday → Monday
    expect(boletoExpiresAt('2026-11-20')).toBe('2026-11-24T03:00:00.000Z'); // Consciência Negra → Monday
    expect(boletoExpiresAt('2027-02-08')).toBe('2027-02-11T03:00:00.000Z'); // Carnival → Ash Wednesday
    // The last business day of the year has no public bank service; then New Year, a weekend.
    expect(boletoExpiresAt('2026-12-31')).toBe('2027-01-05T03:00:00.000Z');
  });
});
