// The defaults the configuration table of docs/operations.md promises, read the way a function
// reads them (from an environment that sets none of them). Expected values are the table's,
// written out; the first test checks that the table still says them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/** Each variable and the start of its Default cell in docs/operations.md. */
const documentedDefaults: Record<string, string> = {
  SANDBOX_RAILS: 'true',
  SANDBOX_INSTRUCTION_DELAY_MS: '2000',
  ALLOW_INSECURE_POSTBACK: 'false',
  AUTH_CACHE_TTL_MS: '5000',
  SWEEP_AFTER_MS: '60000',
  INSTRUCTION_POLL_SCHEDULE: '`1s,1s,2s,3s,5s,10s,30s,60s`',
  PAYMENT_POLL_SCHEDULE: '`2s,5s,10s,30s,1m,2m,5m,10m,15m`',
  WEBHOOK_RETRY_SCHEDULE: '`5s,5m,30m,2h,5h,10h,14h,20h,24h`',
  WEBHOOK_TIMEOUT_MS: '10000',
  SAFETY_NET_POLL_MS: '86400000',
  LISTING_OVERLAP_MS: '300000',
};
const documented = Object.keys(documentedDefaults);

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

let config: ReturnType<typeof import('../../shared/config.ts')['serviceConfig']>;
beforeAll(async () => {
  for (const name of documented) delete process.env[name];
  // Each test file runs in its own process, so this is the first (memoized) read.
  config = (await import('../../shared/config.ts')).serviceConfig();
});

describe('configuration defaults (docs/operations.md)', () => {
  it("are the ones docs/operations.md's configuration table lists", () => {
    const operations = readFileSync(resolve(import.meta.dirname, '../../docs/operations.md'), 'utf8');
    const defaults = new Map(
      operations
        .split('\n')
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .filter((cells) => /^`[A-Z_]+`$/.test(cells[1] ?? ''))
        .map((cells) => [cells[1]!.slice(1, -1), cells[2]!]),
    );
    for (const [name, value] of Object.entries(documentedDefaults)) {
      const cell = defaults.get(name) ?? '(not in the table)';
      expect(cell === value || cell.startsWith(`${value} `), `${name}: ${cell}`).toBe(true);
    }
  });

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
