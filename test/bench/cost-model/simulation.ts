// The discrete-event loop: a scenario's actions, the simulated queues' due messages and the
// schedules' ticks, in time order on the simulated clock, until nothing is left to do. Idle
// schedule ticks are not simulated (their fixed cost is measured apart): the sweeper ticks only
// when work in the index is overdue (read with an uncounted Scan of the sparse index), other
// schedules every tick for 10 minutes after each payment and once an hour otherwise. A tick that
// makes no request beyond an idle tick's costs nothing; one the scenario causes is charged only
// what it costs above an idle tick (the tick runs anyway).
import { queues, type ScheduleName, schedules } from '../../../shared/queues.ts';
import type { Invoker } from './invoker.ts';
import { addTally, copyTally, type Meter, type Tally, writeTrace } from './meter.ts';
import type { SimulatedClock } from './simulated-clock.ts';
import type { SimulatedQueues } from './simulated-queues.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
/** How long after a payment every tick of a reporting schedule is simulated. */
export const tickEveryRunAfterPaymentMs = 10 * minuteMs;

export interface Action {
  at: number;
  run: () => Promise<void>;
}

export interface SimulationParts {
  clock: SimulatedClock;
  meter: Meter;
  invoker: Invoker;
  queues: SimulatedQueues;
  /** Due time (epoch ms) of the earliest item in the work index, read without counting. */
  earliestWorkDue: () => Promise<number | undefined>;
  /** What an idle tick of each schedule costs (subtracted from the ticks a scenario causes). */
  idleTicks: Partial<Record<ScheduleName, Tally>>;
}

const scheduleNames = Object.keys(schedules) as ScheduleName[];
const periodOf = (name: ScheduleName) => schedules[name].everyMinutes * minuteMs;
/** The first tick strictly after `time` (ticks fall on multiples of the period). */
export const tickAfter = (time: number, period: number) => Math.floor(time / period) * period + period;

/** Whether the service's own requests since `before` are exactly those of an idle tick (the provider's aside). */
function requestsMatch(before: Tally, after: Tally, idle: Tally): boolean {
  const ours = (tally: Tally) => ({
    writeUnits: tally.writeUnits,
    readUnits: tally.readUnits,
    sqsRequests: tally.sqsRequests,
    logBytes: tally.logBytes,
    dynamoRequests: tally.dynamoRequests - tally.providerRequests,
  });
  const [was, now, idleTick] = [ours(before), ours(after), ours(idle)];
  return (Object.keys(was) as Array<keyof typeof was>).every(
    (field) => Math.abs(now[field] - was[field] - idleTick[field]) < 1e-9,
  );
}

export class Simulation {
  private actions: Action[] = [];
  private payments: number[] = [];
  private readonly lastTickAt = new Map<ScheduleName, number>();
  /** Deliveries that failed and were retried, and messages given up to a DLQ. */
  redeliveries = 0;

  private readonly parts: SimulationParts;

  constructor(parts: SimulationParts) {
    this.parts = parts;
  }

  schedule(action: Action): void {
    this.actions.push(action);
  }

  /** Reporting schedules tick every run for a while after this. */
  notePayment(at: number): void {
    this.payments.push(at);
  }

  private nextTicks(now: number, workDue: number | undefined): Array<{ at: number; name: ScheduleName }> {
    return scheduleNames.map((name) => {
      const period = periodOf(name);
      // Never twice at the same time: the earliest is the first tick from now on not yet run.
      const after = (time: number) =>
        tickAfter(Math.max(time, now - 1, this.lastTickAt.get(name) ?? Number.NEGATIVE_INFINITY), period);
      if (name === 'sweepPendingWork')
        return { name, at: workDue === undefined ? Number.POSITIVE_INFINITY : after(workDue) };
      const candidates = [
        tickAfter(Math.max(now - 1, this.lastTickAt.get(name) ?? 0), Math.max(period, hourMs)),
      ];
      for (const paidAt of this.payments)
        if (paidAt + tickEveryRunAfterPaymentMs > now) candidates.push(after(paidAt));
      return { name, at: Math.min(...candidates) };
    });
  }

  /** Runs until no action, message or owed work is left; throws past `horizonMs` after the start. */
  async run(horizonMs: number): Promise<void> {
    const { clock, queues: queue, invoker, meter } = this.parts;
    const start = clock.now();
    for (;;) {
      const now = clock.now();
      const workDue = await this.parts.earliestWorkDue();
      const nextAction = this.actions.reduce(
        (min, action) => Math.min(min, action.at),
        Number.POSITIVE_INFINITY,
      );
      const nextMessage = queue.nextDueAt() ?? Number.POSITIVE_INFINITY;
      const alive = this.actions.length > 0 || queue.size > 0 || workDue !== undefined;
      if (!alive) return;
      const ticks = this.nextTicks(now, workDue);
      const nextTick = ticks.reduce((min, tick) => Math.min(min, tick.at), Number.POSITIVE_INFINITY);
      const at = Math.max(now, Math.min(nextAction, nextMessage, nextTick));
      if (!Number.isFinite(at)) return;
      if (at - start > horizonMs)
        throw new Error(
          `cost model: the scenario still has work ${Math.round((at - start) / hourMs)} h after its start (${queue.size} messages, work due ${workDue === undefined ? 'none' : new Date(workDue).toISOString()})`,
        );
      clock.advanceTo(at);
      if (nextAction <= at) {
        const index = this.actions.findIndex((action) => action.at <= at);
        const [action] = this.actions.splice(index, 1);
        await action!.run();
        continue;
      }
      if (nextMessage <= at) {
        const message = queue.takeDue(at)!;
        // An invocation is Lambda's event, not a message: no receive, no delete.
        if (!message.invoked) meter.tally.sqsRequests += 1; // ReceiveMessage
        if (await invoker.deliver(message)) {
          if (!message.invoked) meter.tally.sqsRequests += 1; // DeleteMessage
        } else {
          this.redeliveries += 1;
          const def = queues[message.queue];
          // Lambda retries a failed invocation twice, a minute and then two apart.
          const [attempts, retryAfterMs] = message.invoked
            ? [3, message.receiveCount * 60_000]
            : [def.maxReceiveCount, def.workerTimeoutSeconds * 6 * 1000];
          if (message.receiveCount < attempts) queue.returnAfter(message, at + retryAfterMs);
          else queue.deadLettered.push({ queue: message.queue, body: message.body });
        }
        continue;
      }
      for (const tick of ticks.filter((candidate) => candidate.at <= at)) {
        const before = copyTally(meter.tally);
        this.lastTickAt.set(tick.name, at);
        await invoker.tick(tick.name);
        const idle = this.parts.idleTicks[tick.name];
        if (!idle) continue;
        // A tick that did what an idle one does is an idle tick, whatever its duration here.
        if (requestsMatch(before, meter.tally, idle)) {
          meter.tally = before;
          continue;
        }
        if (process.env.COST_MODEL_TRACE)
          writeTrace(
            `TICK ${tick.name} charged above idle: ${(meter.tally.gbSecondsWithWaits - before.gbSecondsWithWaits - idle.gbSecondsWithWaits).toFixed(4)} GB-s with waits, ${meter.tally.writeUnits - before.writeUnits - idle.writeUnits} WU, ${meter.tally.sqsRequests - before.sqsRequests - idle.sqsRequests} SQS\n`,
          );
        addTally(meter.tally, idle, -1);
        // A tick never costs less than nothing above an idle one (its duration and waits vary).
        for (const measure of ['gbSeconds', 'gbSecondsWithWaits', 'pspCalls', 'pspNewConnections'] as const)
          meter.tally[measure] = Math.max(meter.tally[measure], before[measure]);
      }
    }
  }
}
