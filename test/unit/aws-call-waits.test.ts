// The cost model's waits on DynamoDB and SQS: an invocation's local time inside those calls (less
// its CPU time meanwhile) is replaced by drawn AWS latencies, calls in flight together waiting as
// long as the longest of them.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  type AwsCallTally,
  AwsCallWaits,
  defaultAwsCallWaits,
  dynamoCall,
} from '../../test/bench/cost-model/aws-call-waits.ts';

const fixed = {
  dynamodb: { medianMs: 5, p95Ms: 5 },
  dynamodbTransaction: { medianMs: 12, p95Ms: 12 },
  sqs: { medianMs: 8, p95Ms: 8 },
  lambda: { medianMs: 15, p95Ms: 15 },
};
const newTally = (): AwsCallTally => ({ calls: 0, localMs: 0, modelledMs: 0 });

describe('AwsCallWaits', () => {
  it('replaces each call in turn: its local time out, its drawn latency in', async () => {
    const waits = new AwsCallWaits(fixed);
    const tally = newTally();
    expect(await waits.around(tally, 'dynamodb', () => sleep(40, 'item'))).toBe('item');
    await waits.around(tally, 'dynamodbTransaction', () => sleep(40));
    await waits.around(tally, 'sqs', () => Promise.resolve());
    expect(tally.calls).toBe(3);
    expect(tally.modelledMs).toBe(5 + 12 + 8);
    expect(tally.localMs).toBeGreaterThanOrEqual(75);
    expect(tally.localMs).toBeLessThan(200);
  });

  it('counts calls in flight together as one wait, the longest', async () => {
    const waits = new AwsCallWaits(fixed);
    const tally = newTally();
    await Promise.all([
      waits.around(tally, 'dynamodb', () => sleep(30)),
      waits.around(tally, 'dynamodbTransaction', () => sleep(30)),
      waits.around(tally, 'dynamodb', () => sleep(30)),
    ]);
    expect(tally.calls).toBe(3);
    expect(tally.modelledMs).toBe(12);
    expect(tally.localMs).toBeGreaterThanOrEqual(25);
    expect(tally.localMs).toBeLessThan(90);
  });

  it("keeps the CPU time spent during a call: it is the function's own work", async () => {
    const waits = new AwsCallWaits(fixed);
    const tally = newTally();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await waits.around(tally, 'dynamodb', async () => {
      const spin = process.cpuUsage();
      while (process.cpuUsage(spin).user < 40_000);
    });
    const cpu = process.cpuUsage(cpuBefore);
    const idleMs = performance.now() - started - (cpu.user + cpu.system) / 1000;
    // Only the time the process was not running (none on an idle machine) counts as waiting.
    expect(tally.localMs).toBeLessThanOrEqual(Math.max(0, idleMs) + 2);
    expect(tally.modelledMs).toBe(5);
  });

  it('passes a call outside an invocation through uncounted, and a failed call is counted', async () => {
    const waits = new AwsCallWaits(fixed);
    expect(await waits.around(undefined, 'sqs', () => Promise.resolve(7))).toBe(7);
    const tally = newTally();
    await expect(
      waits.around(tally, 'dynamodb', () => Promise.reject(new Error('ConditionalCheckFailed'))),
    ).rejects.toThrow('ConditionalCheckFailed');
    expect(tally).toMatchObject({ calls: 1, modelledMs: 5 });
  });

  it('names the transactions apart, and defaults to single-digit milliseconds (an Invoke slower)', () => {
    expect(dynamoCall('TransactWriteItems')).toBe('dynamodbTransaction');
    expect(dynamoCall('Query')).toBe('dynamodb');
    const { lambda, ...dataCalls } = defaultAwsCallWaits;
    for (const spread of Object.values(dataCalls)) expect(spread.p95Ms).toBeLessThan(25);
    // No published figure for an asynchronous Invoke: taken slower than an SQS send.
    expect(lambda.medianMs).toBeGreaterThan(defaultAwsCallWaits.sqs.medianMs);
    expect(lambda.p95Ms).toBeLessThan(50);
  });
});
