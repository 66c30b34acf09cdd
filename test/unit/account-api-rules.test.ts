// Pure rules behind the account API: date-range parameters, transaction filters, the summary
// window and rows, and the API error → form field mapping of the dashboard.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { summaryRows, summaryWindow } from '../../shared/accounts/account-summary.ts';
import { createdRange, instantParam } from '../../shared/http/date-range.ts';
import { isWithinListing } from '../../shared/store/transaction-listing.ts';
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

  it('keeps what a checkout sold by its offer, link or session; a purchase has none of them', () => {
    const sale = {
      offerId: 'off_a',
      productId: 'prd_a',
      checkoutSessionId: 'cs_a',
      paymentLinkId: 'plink_a',
    };
    const sold = { status: 'PAID', currency: 'BRL', method: 'PIX', sale } as const;
    const purchased = { status: 'PAID', currency: 'BRL', method: 'PIX' } as const;
    for (const filter of [
      { offerId: 'off_a' },
      { paymentLinkId: 'plink_a' },
      { checkoutSessionId: 'cs_a' },
    ]) {
      expect(matchesFilters(filter)(sold)).toBe(true);
      expect(matchesFilters(filter)(purchased)).toBe(false);
    }
    expect(matchesFilters({ offerId: 'off_b' })(sold)).toBe(false);
    expect(matchesFilters({ paymentLinkId: 'plink_a', status: 'PENDING' })(sold)).toBe(false);
  });

  it('answers a transaction read directly as the listing would place it: after the cursor, within the range', () => {
    const record = { accountId: 'acc', createdAt: '2026-11-02T10:00:00.000Z', id: '1764000000000123456' };
    const at = (createdAt: string) => ({ gsi1sk: `${createdAt}#1764000000000999999` });
    expect(isWithinListing(record, { range: {} })).toBe(true);
    expect(isWithinListing(record, { after: at('2026-11-03T00:00:00.000Z'), range: {} })).toBe(true);
    expect(isWithinListing(record, { after: at('2026-11-01T00:00:00.000Z'), range: {} })).toBe(false);
    expect(
      isWithinListing(record, { range: createdRange({ createdFrom: '2026-11-02T10:00:00.000Z' }) }),
    ).toBe(true);
    expect(isWithinListing(record, { range: createdRange({ createdTo: '2026-11-02T09:59:59.999Z' }) })).toBe(
      false,
    );
  });
});

describe('account summary', () => {
  it("covers `days` days ending today in the account's time zone", () => {
    // 01:00 UTC on the 26th is still the 25th in São Paulo (UTC−3), already the 26th in UTC.
    expect(summaryWindow(new Date('2026-11-26T01:00:00Z'), 1, 'America/Sao_Paulo')).toEqual({
      from: '2026-11-25',
      to: '2026-11-25',
    });
    expect(summaryWindow(new Date('2026-11-26T01:00:00Z'), 30, 'UTC')).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    });
  });

  it('adds hours up into the days of the zone, and answers zero for counters a day has not touched', () => {
    const window = { from: '2026-11-25', to: '2026-11-26' };
    const rows = summaryRows(
      [
        // 23:00 and 02:00 UTC: 20:00 and 23:00 of the 25th in São Paulo; 03:00 UTC is the 26th there.
        { hour: '2026-11-25T23', currency: 'BRL', paidCount: 1, paidAmount: 1000 },
        { hour: '2026-11-26T02', currency: 'BRL', paidCount: 2, paidAmount: 500 },
        { hour: '2026-11-26T03', currency: 'BRL', createdCount: 1, createdAmount: 700 },
        // Outside the window: the 24th there.
        { hour: '2026-11-25T02', currency: 'BRL', paidCount: 9, paidAmount: 9 },
        // An item written before hourly counters: its UTC day.
        { day: '2026-11-26', currency: 'COP', expiredCount: 1, expiredAmount: 100 },
      ],
      window,
      'America/Sao_Paulo',
    );
    const zero = { count: 0, amount: 0 };
    expect(rows).toEqual([
      {
        day: '2026-11-25',
        currency: 'BRL',
        created: zero,
        paid: { count: 3, amount: 1500 },
        expired: zero,
        canceled: zero,
        deliveriesFailed: zero,
      },
      {
        day: '2026-11-26',
        currency: 'BRL',
        created: { count: 1, amount: 700 },
        paid: zero,
        expired: zero,
        canceled: zero,
        deliveriesFailed: zero,
      },
      {
        day: '2026-11-26',
        currency: 'COP',
        created: zero,
        paid: zero,
        expired: { count: 1, amount: 100 },
        canceled: zero,
        deliveriesFailed: zero,
      },
    ]);
  });
});
