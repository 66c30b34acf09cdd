// The defaults the README's configuration table promises, read the way a function reads them
// (from an environment that sets none of them). Expected values are the README's, written out.
import { beforeAll, describe, expect, it } from 'vitest';

const documented = [
  'SANDBOX_RAILS',
  'SANDBOX_INSTRUCTION_DELAY_MS',
  'ALLOW_INSECURE_POSTBACK',
  'AUTH_CACHE_TTL_MS',
  'SWEEP_AFTER_MS',
  'INSTRUCTION_POLL_SCHEDULE',
  'PAYMENT_POLL_SCHEDULE',
  'WEBHOOK_RETRY_SCHEDULE',
  'WEBHOOK_TIMEOUT_MS',
  'SAFETY_NET_POLL_MS',
  'LISTING_OVERLAP_MS',
];

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

let config: ReturnType<typeof import('../../shared/config.ts')['serviceConfig']>;
beforeAll(async () => {
  for (const name of documented) delete process.env[name];
  // Each test file runs in its own process, so this is the first (memoized) read.
  config = (await import('../../shared/config.ts')).serviceConfig();
});

describe('README configuration defaults', () => {
  it('sandbox rails on, 2000 ms instruction delay, insecure postbacks off, 5 s key cache, 60 s sweep grace', () => {
    expect(config).toMatchObject({
      sandboxRails: true,
      sandboxInstructionDelayMs: 2000,
      allowInsecurePostback: false,
      authCacheTtlMs: 5000,
      sweepAfterMs: 60_000,
      webhookTimeoutMs: 10_000,
    });
  });

  it("listings read again a day later, each window reaching 5 min back before the last one's end", () => {
    expect(config).toMatchObject({ safetyNetPollMs: 24 * hour, listingOverlapMs: 5 * minute });
  });

  it('webhook retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h: 10 attempts, about 3 days', () => {
    const waits = [
      5 * second,
      5 * minute,
      30 * minute,
      2 * hour,
      5 * hour,
      10 * hour,
      14 * hour,
      20 * hour,
      24 * hour,
    ];
    expect(config.webhookRetryScheduleMs).toEqual(waits);
    expect(config.webhookRetryScheduleMs.length + 1).toBe(10);
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThan(3 * 24 * hour);
    expect(total).toBeLessThan(3.5 * 24 * hour);
  });

  it('polls the rail on the documented schedules', () => {
    expect(config.instructionPollScheduleMs).toEqual([
      1 * second,
      1 * second,
      2 * second,
      3 * second,
      5 * second,
      10 * second,
      30 * second,
      60 * second,
    ]);
    expect(config.paymentPollScheduleMs).toEqual([
      2 * second,
      5 * second,
      10 * second,
      30 * second,
      1 * minute,
      2 * minute,
      5 * minute,
      10 * minute,
      15 * minute,
    ]);
  });
});
