// The dashboard refreshes only unfiltered first pages on its timer (issue 27 item 6); the browser
// test dashboard-refresh shows the pages use this rule.
import { describe, expect, it } from 'vitest';
import { refreshesLive } from '../../functions/dashboard/live-refresh.ts';

describe('refreshesLive', () => {
  it('is true for a first page asked with a page size only (empty filters as the forms send them)', () => {
    expect(refreshesLive({ limit: 20 })).toBe(true);
    expect(refreshesLive({ limit: 20, cursor: null, status: '', currency: '', createdTo: '' })).toBe(true);
  });

  it('is false for any filter, and for a later page', () => {
    expect(refreshesLive({ limit: 20, deliveryStatus: 'FAILED' })).toBe(false);
    expect(refreshesLive({ limit: 20, status: 'FAILED' })).toBe(false);
    expect(refreshesLive({ limit: 20, createdFrom: '2026-11-01' })).toBe(false);
    expect(refreshesLive({ limit: 20, cursor: 'eyJwayI6IngifQ' })).toBe(false);
  });
});
