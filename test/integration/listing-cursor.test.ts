// The reading of a rail's listing keeps a cursor in the table (issue 18): a run that stops
// between pages (time budget, crash) is resumed by the next one at the page it stopped at; a
// run that finds the cursor moved by another stops; the next window starts at the last one's
// end less the overlap. The listing here is a scripted reading of the rail port, over the real
// store; the global stack serves no API Pix rail, so its schedule never touches this cursor.
import { beforeEach, describe, expect, it } from 'vitest';
import { serviceConfig } from '../../shared/config.ts';
import type { ListingPage, ListingWindow, PaymentListing } from '../../shared/rails/rail-port.ts';
import { getListingCursor, saveListingCursor } from '../../shared/store/payment-listing-cursors.ts';
import { reconcilePayments } from '../../shared/transactions/reconcile-payments.ts';
import { useSharedStore } from '../support/api.ts';

const pages: Record<string, ListingPage> = {
  first: { payments: [payment('a'), payment('b')], nextPage: 'second' },
  second: { payments: [payment('c')], nextPage: 'third' },
  third: { payments: [payment('d')], nextPage: null },
};

function payment(transactionId: string) {
  return {
    charge: { accountId: 'acc_listing_cursor', transactionId: `tx_unknown_${transactionId}` },
    paidAt: '2026-11-26T10:00:00.000Z',
    amount: 100,
  };
}

function scriptedListing(onRead?: (window: ListingWindow) => Promise<void>) {
  const windows: ListingWindow[] = [];
  const listing: PaymentListing = {
    name: 'scripted',
    async listPayments(window) {
      windows.push(window);
      await onRead?.(window);
      return pages[window.page ?? 'first']!;
    },
  };
  return { listing, windows };
}

const now = new Date('2026-11-26T12:00:00.000Z');
const later = new Date('2026-11-26T12:01:00.000Z');

beforeEach(async () => {
  useSharedStore();
  // Start every test from a cursor that read through 11:59.
  const cursor = await getListingCursor('api-pix');
  await saveListingCursor(
    'api-pix',
    { since: '2026-11-26T11:59:00.000Z', window: null, readThroughAt: null },
    cursor?.version ?? 0,
  );
});

describe('the reading of a listing', () => {
  it('reads a window page by page and starts the next one at its end less the overlap', async () => {
    const { listing, windows } = scriptedListing();
    const result = await reconcilePayments('api-pix', now, Date.now, listing);
    expect(result).toMatchObject({ ran: true, pages: 3, listed: 4, settled: 0, readThrough: true });
    const from = new Date(
      Date.parse('2026-11-26T11:59:00.000Z') - serviceConfig().listingOverlapMs,
    ).toISOString();
    expect(windows).toEqual([
      { from, to: now.toISOString(), page: null },
      { from, to: now.toISOString(), page: 'second' },
      { from, to: now.toISOString(), page: 'third' },
    ]);
    const next = scriptedListing();
    await reconcilePayments('api-pix', later, Date.now, next.listing);
    expect(next.windows[0]).toEqual({
      from: new Date(now.getTime() - serviceConfig().listingOverlapMs).toISOString(),
      to: later.toISOString(),
      page: null,
    });
  });

  it('a run that stops between pages is resumed at the page it stopped at, over the same window', async () => {
    let ticks = 0;
    // The time budget is spent after the first page.
    const clock = () => (ticks++ === 0 ? 0 : 10 * 60_000);
    const stopped = scriptedListing();
    expect(await reconcilePayments('api-pix', now, clock, stopped.listing)).toMatchObject({
      pages: 1,
      readThrough: false,
    });
    expect((await getListingCursor('api-pix'))?.window).toMatchObject({
      page: 'second',
      to: now.toISOString(),
    });
    const resumed = scriptedListing();
    expect(await reconcilePayments('api-pix', later, Date.now, resumed.listing)).toMatchObject({
      pages: 2,
      readThrough: true,
    });
    expect(resumed.windows.map((window) => [window.page, window.to])).toEqual([
      ['second', now.toISOString()],
      ['third', now.toISOString()],
    ]);
    expect(await getListingCursor('api-pix')).toMatchObject({ since: now.toISOString(), window: null });
  });

  it('a run that finds the cursor moved by another run stops after its page', async () => {
    const racing = scriptedListing(async () => {
      const cursor = await getListingCursor('api-pix');
      await saveListingCursor(
        'api-pix',
        { since: later.toISOString(), window: null, readThroughAt: null },
        cursor!.version,
      );
    });
    expect(await reconcilePayments('api-pix', now, Date.now, racing.listing)).toMatchObject({
      pages: 1,
      readThrough: false,
    });
    // The other run's cursor stands.
    expect(await getListingCursor('api-pix')).toMatchObject({ since: later.toISOString(), window: null });
  });

  it('a cursor moved ahead of now waits: nothing is read until its window has begun', async () => {
    const cursor = await getListingCursor('api-pix');
    const ahead = new Date(now.getTime() + serviceConfig().listingOverlapMs + 60_000).toISOString();
    await saveListingCursor('api-pix', { since: ahead, window: null, readThroughAt: null }, cursor!.version);
    const { listing, windows } = scriptedListing();
    expect(await reconcilePayments('api-pix', now, Date.now, listing)).toMatchObject({
      pages: 0,
      readThrough: true,
    });
    expect(windows).toEqual([]);
    expect((await getListingCursor('api-pix'))?.since).toBe(ahead);
  });

  it('payments the last window handled are not looked up again when the overlap lists them again', async () => {
    const { listing } = scriptedListing();
    expect(await reconcilePayments('api-pix', now, Date.now, listing)).toMatchObject({ listed: 4, known: 0 });
    expect(Object.keys((await getListingCursor('api-pix'))!.recent).sort()).toEqual(
      ['a', 'b', 'c', 'd'].map((id) => `tx_unknown_${id}`),
    );
    const again = scriptedListing();
    expect(await reconcilePayments('api-pix', later, Date.now, again.listing)).toMatchObject({
      listed: 4,
      known: 4,
      readThrough: true,
    });
  });

  it('the second reading reads the same windows a safety-net period later, with a cursor of its own', async () => {
    const firstCursor = await getListingCursor('api-pix');
    const { listing, windows } = scriptedListing();
    const result = await reconcilePayments('api-pix', now, Date.now, listing, { reading: 'again' });
    expect(result).toMatchObject({ reading: 'again', ran: true, pages: 3, readThrough: true });
    const end = new Date(now.getTime() - serviceConfig().safetyNetPollMs).toISOString();
    expect(windows.every((window) => window.to === end)).toBe(true);
    expect(await getListingCursor('api-pix#again')).toMatchObject({ since: end, window: null });
    // The first reading's cursor is not touched.
    expect(await getListingCursor('api-pix')).toEqual(firstCursor);
  });
});
