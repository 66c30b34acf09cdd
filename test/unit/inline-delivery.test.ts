// Whether the function that made a transaction PAID still has the time for the webhook's first
// attempt (the POST's timeout and room to record it), or leaves it to the delivery queue.
import { describe, expect, it } from 'vitest';
import { serviceConfig } from '../../shared/config.ts';
import { inlineDeliveryFits } from '../../shared/events/start-delivery.ts';

describe('inlineDeliveryFits', () => {
  const at = 1_000_000;
  const needed = serviceConfig().webhookTimeoutMs + 10_000;

  it('fits while the POST and its record end before the function must', () => {
    expect(inlineDeliveryFits({ endBy: at + needed }, at)).toBe(true);
    expect(inlineDeliveryFits({ endBy: at + 60_000 }, at)).toBe(true);
  });

  it('does not fit nearer the end, nor for a caller that gives no time (a request)', () => {
    expect(inlineDeliveryFits({ endBy: at + needed - 1 }, at)).toBe(false);
    expect(inlineDeliveryFits(undefined, at)).toBe(false);
  });
});
