import { describe, expect, it } from 'vitest';
import { eventIdAddress, eventIdOf } from '../../shared/events/event-ids.ts';
import { randomTransactionId } from '../../shared/ids.ts';

describe('event ids', () => {
  it('name their transaction and type, and lead back to them', () => {
    const transactionId = randomTransactionId(Date.now());
    const id = eventIdOf(transactionId, 'cashin.paid');
    expect(id).toBe(`evt_${transactionId}_paid`);
    expect(eventIdAddress(id)).toEqual({ transactionId, type: 'cashin.paid' });
  });

  it('of an older event (evt_<uuid>) lead to its lookup item; anything else leads nowhere', () => {
    const older = 'evt_33e27fb8-ce8e-41ce-8d19-e0bac12ccb90';
    expect(eventIdAddress(older)).toEqual({ lookup: older });
    for (const bad of [
      '',
      'evt_',
      'evt_nope',
      'evt_1804510800000540127',
      'evt_1804510800000540127_',
      'evt_1804510800000540127_unknown',
      'evt_1804510800000540127_paid/../x',
      'evt_180451080000054012x_paid',
      'xevt_1804510800000540127_paid',
      'evt_33E27FB8-CE8E-41CE-8D19-E0BAC12CCB90x',
    ])
      expect(eventIdAddress(bad), bad).toBeNull();
  });
});
