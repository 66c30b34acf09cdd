// Pure rules behind the account API: date-range parameters, transaction filters, the summary
// window and rows, and the API error → form field mapping of the dashboard.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { summaryRow, windowStart } from '../../shared/accounts/account-summary.ts';
import { createdRange, instantParam } from '../../shared/http/date-range.ts';
import { matchesFilters } from '../../shared/transactions/list-transactions.ts';
import { listTransactionsQuery } from '../../shared/transactions/list-transactions-query.ts';

describe('createdFrom / createdTo', () => {
  it('normalises ISO dates and date-times to the sort keys’ form', () => {
    expect(v.parse(instantParam, '2026-11-01')).toBe('2026-11-01T00:00:00.000Z');
    expect(v.parse(instantParam, '2026-11-01T09:30:00-03:00')).toBe('2026-11-01T12:30:00.000Z');
    expect(v.safeParse(instantParam, '2026-13-01').success).toBe(false);
    expect(v.safeParse(instantParam, 'yesterday').success).toBe(false);
  });

  it('makes an inclusive sort-key range: an id created exactly at createdTo is in', () => {
    const range = createdRange({
      createdFrom: '2026-11-01T00:00:00.000Z',
      createdTo: '2026-11-02T00:00:00.000Z',
    });
    const atTo = '2026-11-02T00:00:00.000Z#1764000000000123456';
    expect(range.from! <= atTo && atTo <= range.to!).toBe(true);
    expect('2026-11-02T00:00:00.001Z#1' <= range.to!).toBe(false);
    expect(createdRange({})).toEqual({});
  });

  it('refuses createdTo before createdFrom, naming createdTo', () => {
    const result = v.safeParse(listTransactionsQuery, { createdFrom: '2026-11-02', createdTo: '2026-11-01' });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.path?.map((item) => item.key)).toEqual(['createdTo']);
  });
});

describe('transaction filters', () => {
  it('keeps what matches every given filter', () => {
    const record = { status: 'PAID', currency: 'BOB', method: 'QR' } as const;
    expect(matchesFilters({})(record)).toBe(true);
    expect(matchesFilters({ status: 'PAID', currency: 'BOB', method: 'QR' })(record)).toBe(true);
    expect(matchesFilters({ status: 'PENDING' })(record)).toBe(false);
    expect(matchesFilters({ currency: 'COP' })(record)).toBe(false);
  });
});

describe('account summary', () => {
  it('covers `days` UTC days ending today', () => {
    expect(windowStart(new Date('2026-11-26T01:00:00Z'), 1)).toBe('2026-11-26');
    expect(windowStart(new Date('2026-11-26T01:00:00Z'), 30)).toBe('2026-10-28');
  });

  it('answers zero for counters a day has not touched', () => {
    expect(summaryRow({ day: '2026-11-26', currency: 'BRL', paidCount: 2, paidAmount: 1000 })).toEqual({
      day: '2026-11-26',
      currency: 'BRL',
      created: { count: 0, amount: 0 },
      paid: { count: 2, amount: 1000 },
      expired: { count: 0, amount: 0 },
      canceled: { count: 0, amount: 0 },
      deliveriesFailed: { count: 0, amount: 0 },
    });
  });
});
