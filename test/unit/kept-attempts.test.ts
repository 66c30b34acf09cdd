// An event's attempt list is bounded: its first attempt and the latest ten, whatever the redeliveries.
import { describe, expect, it } from 'vitest';
import type { DeliveryAttempt } from '../../shared/events/event.ts';
import { keptLatestAttempts, withAttempt } from '../../shared/events/kept-attempts.ts';

const attempt = (number: number): DeliveryAttempt => ({
  number,
  at: new Date(Date.UTC(2026, 10, 26, 0, number)).toISOString(),
  url: 'https://example.com/hooks',
  statusCode: 500,
  error: null,
  durationMs: 12,
});

describe('withAttempt', () => {
  it('keeps every attempt while there are no more than the first and the latest ten', () => {
    let kept: DeliveryAttempt[] = [];
    for (let number = 1; number <= 1 + keptLatestAttempts; number++)
      kept = withAttempt(kept, attempt(number));
    expect(kept.map((each) => each.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('then drops the oldest after the first, so the list never grows', () => {
    let kept: DeliveryAttempt[] = [];
    for (let number = 1; number <= 500; number++) kept = withAttempt(kept, attempt(number));
    expect(kept.map((each) => each.number)).toEqual([1, 491, 492, 493, 494, 495, 496, 497, 498, 499, 500]);
  });
});
