// The cost model's arithmetic (test/bench/cost-model): request units by AWS's rules, prices,
// the simulated clock, the work-index write detection and the per-day slope. No stack.
import { afterEach, describe, expect, it } from 'vitest';
import { keys } from '../../shared/store/keys.ts';
import {
  awsPrices,
  billedGbSeconds,
  lambdaDurationMs,
  priceOf,
  priceWithWaits,
  type Usage,
} from '../bench/cost-model/aws-prices.ts';
import {
  itemBytes,
  readUnitsFor,
  transactionIndexFactor,
  transactionWriteUnits,
  unitsFromConsumedCapacity,
  writeUnitsFor,
} from '../bench/cost-model/capacity-units.ts';
import type { ScenarioRow } from '../bench/cost-model/cost-results.ts';
import { noWriteUnitsByItem, writtenItemKind } from '../bench/cost-model/item-kinds.ts';
import { addTally, copyTally, emptyTally, scaleTally, writesWorkIndex } from '../bench/cost-model/meter.ts';
import { installSimulatedClock, type SimulatedClock } from '../bench/cost-model/simulated-clock.ts';
import { tickAfter } from '../bench/cost-model/simulation.ts';
import { workIndexWritesPerPendingDay } from '../bench/cost-model/work-index-rate.ts';

describe('request units', () => {
  it('writes: 1 per KB rounded up, at least 1, doubled in a transaction', () => {
    expect(writeUnitsFor(0)).toBe(1);
    expect(writeUnitsFor(1024)).toBe(1);
    expect(writeUnitsFor(1025)).toBe(2);
    expect(writeUnitsFor(3000, true)).toBe(6);
  });

  it('reads: 1 per 4 KB strongly consistent, half eventually, double in a transaction', () => {
    expect(readUnitsFor(100, 'strong')).toBe(1);
    expect(readUnitsFor(100, 'eventual')).toBe(0.5);
    expect(readUnitsFor(4097, 'eventual')).toBe(1);
    expect(readUnitsFor(4096, 'transactional')).toBe(2);
  });

  it('sizes an item by its attribute names and values', () => {
    expect(itemBytes({ pk: 'abc' })).toBe(5);
    expect(itemBytes({ n: 12345 })).toBe(1 + 4);
    expect(itemBytes({ ok: true, none: null })).toBe(3 + 5);
    expect(itemBytes({ m: { a: 'xy' } })).toBe(1 + 3 + 1 + 1 + 2);
    expect(itemBytes({ big: 'x'.repeat(3000) })).toBe(3003);
  });

  it('takes ConsumedCapacity as reported, one entry or one per table, and splits out the work index', () => {
    expect(
      unitsFromConsumedCapacity(
        'UpdateItem',
        {
          CapacityUnits: 4,
          GlobalSecondaryIndexes: { gsi1: { CapacityUnits: 1 }, gsi2: { CapacityUnits: 2 } },
        },
        'gsi2',
      ),
    ).toEqual({ read: 0, write: 4, workIndexWrite: 2 });
    expect(
      unitsFromConsumedCapacity('TransactWriteItems', [{ CapacityUnits: 8 }, { CapacityUnits: 2 }], 'gsi2'),
    ).toEqual({ read: 0, write: 10, workIndexWrite: 0 });
    expect(unitsFromConsumedCapacity('GetItem', { CapacityUnits: 0.5 }, 'gsi2')).toEqual({
      read: 0.5,
      write: 0,
      workIndexWrite: 0,
    });
  });

  it('bills a Query that reads nothing as one eventually consistent unit (DynamoDB Local reports 0)', () => {
    expect(unitsFromConsumedCapacity('Query', { CapacityUnits: 0 }, 'gsi2').read).toBe(0.5);
    expect(unitsFromConsumedCapacity('Query', { CapacityUnits: 1.5 }, 'gsi2').read).toBe(1.5);
  });
});

describe('transaction write units (DynamoDB Local miscounts them)', () => {
  const indexes = {
    gsi1: { partitionKey: 'g1pk', sortKey: 'g1sk' },
    gsi2: { partitionKey: 'g2pk', sortKey: 'g2sk' },
  };
  const small = { pk: 'a', sk: '1' };

  it('bills every item at least 2 units, by the larger of its sizes before and after', () => {
    const units = transactionWriteUnits(
      [
        { kind: 'Put', before: undefined, after: small },
        { kind: 'Put', before: undefined, after: { pk: 'b', sk: '1' } },
        { kind: 'Update', before: { pk: 'c', sk: '1', big: 'x'.repeat(1500) }, after: { pk: 'c', sk: '1' } },
      ],
      indexes,
      'gsi2',
    );
    expect(units).toEqual({ read: 0, write: 2 + 2 + 4, workIndexWrite: 0 });
  });

  it('bills a condition check as a write of the item it reads', () => {
    expect(
      transactionWriteUnits([{ kind: 'ConditionCheck', before: small, after: small }], indexes, 'gsi2').write,
    ).toBe(2);
  });

  it('adds each index the item enters, leaves, stays in or moves within, billed as outside a transaction', () => {
    const inBoth = { ...small, g1pk: 'L', g1sk: '1', g2pk: 'W', g2sk: 't1' };
    // Enters gsi1 and gsi2: table 2 + 1 + 1.
    expect(
      transactionWriteUnits([{ kind: 'Put', before: undefined, after: inBoth }], indexes, 'gsi2'),
    ).toEqual({
      read: 0,
      write: 4,
      workIndexWrite: 1,
    });
    // Moves in gsi2 (delete + put), stays in gsi1 (rewritten): table 2 + gsi1 1 + gsi2 2.
    const moved = [{ kind: 'Update' as const, before: inBoth, after: { ...inBoth, g2sk: 't2' } }];
    expect(transactionWriteUnits(moved, indexes, 'gsi2')).toEqual({ read: 0, write: 5, workIndexWrite: 2 });
    // Leaves gsi2: table 2 + gsi1 1 + gsi2 delete 1.
    const { g2pk: _pk, g2sk: _sk, ...left } = inBoth;
    expect(transactionWriteUnits([{ kind: 'Update', before: inBoth, after: left }], indexes, 'gsi2')).toEqual(
      {
        read: 0,
        write: 4,
        workIndexWrite: 1,
      },
    );
    // The bound the model used before: index writes doubled like the table's (factor 2).
    expect(transactionWriteUnits(moved, indexes, 'gsi2', ['pk', 'sk'], 2)).toEqual({
      read: 0,
      write: 8,
      workIndexWrite: 4,
    });
  });

  it('reads the index factor from COST_MODEL_TRANSACTION_INDEX_FACTOR: 1 by default, 2 on request, nothing else', () => {
    const saved = process.env.COST_MODEL_TRANSACTION_INDEX_FACTOR;
    try {
      delete process.env.COST_MODEL_TRANSACTION_INDEX_FACTOR;
      expect(transactionIndexFactor()).toBe(1);
      process.env.COST_MODEL_TRANSACTION_INDEX_FACTOR = '2';
      expect(transactionIndexFactor()).toBe(2);
      process.env.COST_MODEL_TRANSACTION_INDEX_FACTOR = '3';
      expect(() => transactionIndexFactor()).toThrow(/must be 1 or 2/);
    } finally {
      if (saved === undefined) delete process.env.COST_MODEL_TRANSACTION_INDEX_FACTOR;
      else process.env.COST_MODEL_TRANSACTION_INDEX_FACTOR = saved;
    }
  });

  it('sizes an index write by its projection, and skips an index whose copy the write leaves alone', () => {
    const lean = {
      gsi1: { partitionKey: 'g1pk', sortKey: 'g1sk', projection: { type: 'KEYS_ONLY' as const } },
      gsi2: {
        partitionKey: 'g2pk',
        sortKey: 'g2sk',
        projection: { type: 'INCLUDE' as const, attributes: ['tries'] },
      },
    };
    const big = { ...small, g1pk: 'L', g1sk: '1', g2pk: 'W', g2sk: 't1', tries: 1, body: 'x'.repeat(1500) };
    // Table 4 (2 KB, transactional); gsi1 untouched (keys only, keys unchanged); gsi2 moves: delete 1 + put 1.
    expect(
      transactionWriteUnits(
        [{ kind: 'Update', before: big, after: { ...big, g2sk: 't2', body: 'y'.repeat(1500) } }],
        lean,
        'gsi2',
      ),
    ).toEqual({ read: 0, write: 6, workIndexWrite: 2 });
    // Only an unprojected attribute changes: the table alone.
    expect(
      transactionWriteUnits([{ kind: 'Update', before: big, after: { ...big, body: 'z' } }], lean, 'gsi2'),
    ).toEqual({ read: 0, write: 4, workIndexWrite: 0 });
  });
});

describe('prices', () => {
  const usage: Usage = {
    writeUnits: 1_000_000,
    readUnits: 1_000_000,
    sqsRequests: 1_000_000,
    lambdaInvocations: 1_000_000,
    gbSeconds: 1,
    httpRequests: 1_000_000,
    logBytes: 1024 ** 3,
    emails: 1_000,
  };

  it('multiplies each count by its list price', () => {
    const cost = priceOf(usage);
    expect(cost.dynamo).toBeCloseTo(
      awsPrices.dynamoWritePerMillionUnits + awsPrices.dynamoReadPerMillionUnits,
    );
    expect(cost.sqs).toBeCloseTo(awsPrices.sqsPerMillionRequests);
    expect(cost.lambda).toBeCloseTo(awsPrices.lambdaPerMillionRequests + awsPrices.lambdaPerGbSecond);
    expect(cost.httpApi).toBeCloseTo(awsPrices.httpApiPerMillionRequests);
    expect(cost.logs).toBeCloseTo(awsPrices.logsPerGb);
    // SES: $0.10 per 1,000 e-mails.
    expect(cost.ses).toBeCloseTo(0.1);
    expect(cost.total).toBeCloseTo(
      cost.dynamo + cost.sqs + cost.lambda + cost.httpApi + cost.logs + cost.ses,
    );
  });

  it('bills Lambda duration in whole milliseconds at the memory size', () => {
    expect(billedGbSeconds(10.2, 512)).toBeCloseTo(0.011 * 0.5);
    expect(billedGbSeconds(0.1, 1024)).toBeCloseTo(0.001);
  });

  it("stretches CPU time to the function's share of a vCPU and adds the network waits", () => {
    // 1,769 MB is one vCPU: CPU time as measured here.
    expect(lambdaDurationMs({ wallMs: 30, cpuMs: 10, waitedMs: 200, memoryMb: 1769 })).toBeCloseTo(230);
    // 512 MB: 512/1769 of a vCPU, so 10 ms of CPU take 34.6 ms.
    expect(lambdaDurationMs({ wallMs: 30, cpuMs: 10, waitedMs: 0, memoryMb: 512 })).toBeCloseTo(
      30 + 10 * (1769 / 512 - 1),
    );
    // CPU time above the wall time (another thread's) is not stretched beyond it.
    expect(lambdaDurationMs({ wallMs: 5, cpuMs: 50, waitedMs: 0, memoryMb: 3538 })).toBe(5);
  });

  it("replaces the invocation's waits on DynamoDB Local with AWS's, never below its CPU time", () => {
    expect(
      lambdaDurationMs({
        wallMs: 100,
        cpuMs: 20,
        waitedMs: 0,
        memoryMb: 1769,
        awsLocalMs: 70,
        awsModelledMs: 15,
      }),
    ).toBeCloseTo(45);
    // Waits reported above what the wall time leaves beside the CPU time take out no CPU time.
    expect(
      lambdaDurationMs({
        wallMs: 100,
        cpuMs: 40,
        waitedMs: 0,
        memoryMb: 1769,
        awsLocalMs: 90,
        awsModelledMs: 0,
      }),
    ).toBeCloseTo(40);
  });

  it('prices the GB-seconds with waits when asked', () => {
    expect(priceWithWaits({ ...usage, gbSecondsWithWaits: 2 }).lambda).toBeCloseTo(
      awsPrices.lambdaPerMillionRequests + 2 * awsPrices.lambdaPerGbSecond,
    );
  });

  it('has a date and its sources', () => {
    expect(awsPrices.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(awsPrices.sources.length).toBeGreaterThan(0);
  });
});

describe('simulated clock', () => {
  let clock: SimulatedClock | undefined;
  afterEach(() => clock?.restore());

  it('answers the simulated time for new Date() and Date.now(), the real Date otherwise', () => {
    const RealDate = Date;
    clock = installSimulatedClock(Date.parse('2027-03-01T13:00:00Z'));
    expect(new Date().toISOString()).toBe('2027-03-01T13:00:00.000Z');
    expect(Date.now()).toBe(Date.parse('2027-03-01T13:00:00Z'));
    clock.advanceTo(Date.now() + 3 * 24 * 60 * 60 * 1000);
    expect(new Date().toISOString()).toBe('2027-03-04T13:00:00.000Z');
    expect(new Date('2020-01-02T00:00:00Z').getTime()).toBe(RealDate.parse('2020-01-02T00:00:00Z'));
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new Date() instanceof RealDate).toBe(true);
    expect(Date.UTC(2027, 0, 1)).toBe(RealDate.UTC(2027, 0, 1));
    clock.restore();
    expect(Math.abs(Date.now() - RealDate.now())).toBeLessThan(1000);
  });

  it('never goes back', () => {
    clock = installSimulatedClock(1_000_000);
    expect(() => clock!.advanceTo(999_999)).toThrow(/cannot go back/);
  });

  it('flowing: runs with real time between moves, and a move to a time it has run past stays put', () => {
    let real = 0;
    clock = installSimulatedClock(1_000_000, { flowing: true, realNow: () => real });
    real += 250;
    expect(Date.now()).toBe(1_000_250);
    clock.advanceTo(1_000_100);
    expect(Date.now()).toBe(1_000_250);
    clock.advanceTo(1_005_000);
    real += 10;
    expect(Date.now()).toBe(1_005_010);
    expect(() => clock!.advanceTo(1_004_999)).toThrow(/cannot go back/);
  });

  it('ticks a schedule on the first period boundary strictly after a time', () => {
    expect(tickAfter(0, 60_000)).toBe(60_000);
    expect(tickAfter(59_999, 60_000)).toBe(60_000);
    expect(tickAfter(60_000, 60_000)).toBe(120_000);
  });
});

describe('work-index writes', () => {
  it('counts a write that sets or removes the index keys, not one that only reads them in its condition', () => {
    expect(writesWorkIndex({ Item: { pk: 'a', gsi2pk: 'WORK#x#1', gsi2sk: 's' } })).toBe(true);
    expect(writesWorkIndex({ Item: { pk: 'a' } })).toBe(false);
    expect(
      writesWorkIndex({
        UpdateExpression: 'SET #pk = :pk, #sk = :sk',
        ExpressionAttributeNames: { '#pk': 'gsi2pk', '#sk': 'gsi2sk' },
      }),
    ).toBe(true);
    expect(
      writesWorkIndex({
        UpdateExpression: 'SET deliveryStatus = :failed REMOVE #pk, #sk, workSweeps',
        ExpressionAttributeNames: { '#pk': 'gsi2pk', '#sk': 'gsi2sk' },
      }),
    ).toBe(true);
    expect(
      writesWorkIndex({
        UpdateExpression: 'SET workSweeps = :previous',
        ConditionExpression: '#sk = :claimed',
        ExpressionAttributeNames: { '#sk': 'gsi2sk' },
      }),
    ).toBe(false);
  });

  it('reads the per-day rate as the slope between the quickest and latest payments', () => {
    const row = (
      timeToPay: ScenarioRow['timeToPay'],
      reportedAfterHours: number | null,
      writes: number,
    ): ScenarioRow => ({
      rail: 'boleto',
      railLabel: 'BRL BOLETO',
      timeToPay,
      perTransaction: { ...emptyTally(), workIndexWrites: writes },
      dollarsPerMillion: 0,
      dollarsPerMillionWithWaits: 0,
      pspCallsPerTransaction: 0,
      statuses: [],
      webhooks: 0,
      redeliveries: 0,
      deadLettered: 0,
      lifetimeHours: 0,
      reportedAfterHours,
    });
    const [rate] = workIndexWritesPerPendingDay([
      row('1 min', 1 / 60, 10),
      row('3 days', 72, 10 + 3 * 96),
      row('never', null, 2000),
    ]);
    expect(rate?.perDay).toBeCloseTo(96, 0);
    expect(rate?.between).toBe('1 min → 3 days');
  });

  it('scales a tally to one transaction', () => {
    expect(scaleTally({ ...emptyTally(), writeUnits: 30, sqsRequests: 9 }, 1 / 3)).toMatchObject({
      writeUnits: 10,
      sqsRequests: 3,
    });
  });

  it('adds and scales the write units by item with the rest, and a copy is its own', () => {
    const tally = emptyTally();
    addTally(tally, {
      ...emptyTally(),
      writeUnits: 6,
      writeUnitsByItem: { ...noWriteUnitsByItem(), balance: 6 },
    });
    addTally(
      tally,
      { ...emptyTally(), writeUnits: 3, writeUnitsByItem: { ...noWriteUnitsByItem(), 'ledger entry': 3 } },
      -1,
    );
    const copy = copyTally(tally);
    addTally(copy, tally);
    expect(tally).toMatchObject({ writeUnits: 3, writeUnitsByItem: { balance: 6, 'ledger entry': -3 } });
    expect(scaleTally(copy, 1 / 2).writeUnitsByItem.balance).toBe(6);
  });
});

describe('write units by item written', () => {
  const account = 'acc_1';
  const id = '1804510800550421816';
  it.each([
    [keys.transaction(account, id), 'transaction'],
    [keys.event(account, id, 'cashin.paid'), 'webhook event'],
    [keys.hourlyCounters(account, '2027-03-15T13', 'BRL'), 'hour counters'],
    [keys.transactionIdReservation(id), 'id reservation'],
    [keys.ledgerEntry(account, '2027-03-15T13:01:00.009Z', 'le_1'), 'ledger entry'],
    [keys.balance(account, 'BRL'), 'balance'],
    [keys.apiKey('hash'), 'API key'],
    [keys.rateLimit(account), 'rate limit'],
    [keys.account(account), 'other'],
  ] as const)('reads the store key %o as a %s', (key, kind) => {
    expect(writtenItemKind(key.pk, key.sk)).toBe(kind);
  });
});
