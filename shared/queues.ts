// The one list of queues and the worker each one drives, plus scheduled jobs. The CDK stack
// and the local event-source emulator both read it.
import type { Grant } from './grants.ts';
import { paymentListings } from './rails/payment-listings.ts';

export const queueNames = [
  'fill-instruction',
  'watch-payment',
  'deliver-event',
  'settle-refund',
  'send-email',
] as const;
export type QueueName = (typeof queueNames)[number];

export interface QueueDef {
  /** Worker module, relative to the repository root; it exports `handler(SQSEvent)`. */
  readonly worker: string;
  /** Worker Lambda timeout; the queue's visibility timeout is six times this. */
  readonly workerTimeoutSeconds: number;
  readonly batchSize: number;
  /** Receives before a message is moved to the DLQ. */
  readonly maxReceiveCount: number;
  readonly grants: readonly Grant[];
  /**
   * The worker's memory (MB) when not the default 512: a worker that mostly waits on the network
   * pays for its memory while it waits (`npm run bench:cost`, the figures with waits).
   */
  readonly memoryMb?: number;
  /**
   * `invoke`: a job sent without a delay by another function starts as an asynchronous invocation
   * of the worker (Lambda's own event queue: no SQS request), not as a message. A job that fails
   * there, a delayed one and one the worker sends itself go through the queue (docs/decisions.md,
   * "A job's first attempt is an invocation").
   */
  readonly firstAttempt?: 'invoke';
}

/**
 * Memory (MB) of the workers and schedules that mostly wait on the network (the PSP, a bank, the
 * merchant's receiver): Lambda bills memory for the whole wait, so the least it offers. Their
 * bundles hold ~75 MB resident once loaded (Node 24, SDK clients; `docs/decisions.md`).
 */
export const waitingWorkerMemoryMb = 128;

/**
 * What a function that makes transactions PAID needs: the table, a check of a charge, the
 * webhook's first attempt (signing secrets; the next attempt's message, or the dead-letter queue).
 */
const settlesPayments = [
  'table:write',
  'queue:watch-payment:send',
  'queue:deliver-event:send',
  'queue:deliver-event:dead-letter',
  'queue:send-email:send',
  'secrets:open',
] as const satisfies readonly Grant[];

export const queues = {
  'fill-instruction': {
    worker: 'functions/workers/fill-instruction.ts',
    // Waits on the rail (the PSP's cob); its few ms of CPU take ~14× longer at this share of a
    // vCPU, far less than the PSP's answer.
    memoryMb: waitingWorkerMemoryMb,
    firstAttempt: 'invoke',
    workerTimeoutSeconds: 20,
    batchSize: 10,
    maxReceiveCount: 8,
    grants: [
      'table:write',
      'queue:fill-instruction:send',
      'queue:watch-payment:send',
      'queue:send-email:send',
      'rails:live',
    ],
  },
  'watch-payment': {
    worker: 'functions/workers/watch-payment.ts',
    // Waits on the rail, then on the merchant's receiver.
    memoryMb: waitingWorkerMemoryMb,
    firstAttempt: 'invoke',
    // The rail's answer, then the first webhook attempt of a payment it reports (record-payment.ts).
    workerTimeoutSeconds: 30,
    batchSize: 10,
    maxReceiveCount: 8,
    grants: [...settlesPayments, 'rails:live'],
  },
  'deliver-event': {
    worker: 'functions/workers/deliver-event.ts',
    // Waits on the merchant's receiver.
    memoryMb: waitingWorkerMemoryMb,
    workerTimeoutSeconds: 30,
    batchSize: 5,
    maxReceiveCount: 5,
    grants: ['table:write', 'queue:deliver-event:send', 'queue:deliver-event:dead-letter', 'secrets:open'],
  },
  'settle-refund': {
    worker: 'functions/workers/settle-refund.ts',
    // Waits on the rail.
    memoryMb: waitingWorkerMemoryMb,
    // The rail's answer, recorded with its event (refund.succeeded / refund.failed).
    workerTimeoutSeconds: 30,
    batchSize: 10,
    maxReceiveCount: 8,
    // The refund's event: its first delivery is enqueued (the sweeper starts it otherwise).
    grants: ['table:write', 'queue:settle-refund:send', 'queue:deliver-event:send', 'rails:live'],
  },
  'send-email': {
    worker: 'functions/workers/send-email.ts',
    workerTimeoutSeconds: 30,
    batchSize: 5,
    maxReceiveCount: 5,
    grants: ['table:write', 'email:send'],
  },
} as const satisfies Record<QueueName, QueueDef>;

/** Every scheduled job's Lambda timeout; a run keeps to SWEEP_TIME_BUDGET_MS within it. */
export const scheduleTimeoutSeconds = 60;

export interface ScheduleDef {
  readonly handler: string;
  readonly everyMinutes: number;
  /** How often the local stack (`npm start`) runs it, when not every `everyMinutes`. */
  readonly locallyEverySeconds?: number;
  /**
   * Deployed only on stages that have this: `sandbox-rails` (the sandbox rails' statement) or
   * `live-pix` (a configured API Pix PSP). The local stack runs every schedule.
   */
  readonly onlyWith?: 'sandbox-rails' | 'live-pix';
  readonly grants: readonly Grant[];
  /** Memory (MB) when not the default 512 (as a queue's `memoryMb`). */
  readonly memoryMb?: number;
}

export const schedules = {
  sweepPendingWork: {
    handler: 'functions/schedules/sweep-pending-work.ts',
    everyMinutes: 1,
    // Giving up a transaction's work closes its charge on the rail; a payment the close finds is
    // recorded and its event queued for delivery.
    grants: [
      'table:write',
      'queue:fill-instruction:send',
      'queue:watch-payment:send',
      'queue:deliver-event:send',
      'queue:settle-refund:send',
      'queue:send-email:send',
      'rails:live',
    ],
  },
  /** Runs the subscriptions' cycle steps that are due (their due index): charges and deadline checks. */
  chargeSubscriptionCycles: {
    handler: 'functions/schedules/charge-subscription-cycles.ts',
    everyMinutes: 1,
    locallyEverySeconds: 30,
    // Pix Automático's steps call the PSP (a cycle's debit, the recurrence at its deadline).
    grants: [
      'table:write',
      'queue:fill-instruction:send',
      'queue:deliver-event:send',
      'queue:watch-payment:send',
      'rails:live',
    ],
  },
  /** Reads the API Pix listing of received Pix (GET /pix) once a window. */
  reconcileApiPixPayments: {
    handler: 'functions/schedules/reconcile-api-pix-payments.ts',
    everyMinutes: paymentListings['api-pix'].everyMinutes,
    locallyEverySeconds: 5,
    onlyWith: 'live-pix',
    grants: [...settlesPayments, 'rails:live'],
    // Waits on the PSP's listing.
    memoryMb: waitingWorkerMemoryMb,
  },
  /** Reads the sandbox rails' statement once a window. */
  reconcileSandboxPayments: {
    handler: 'functions/schedules/reconcile-sandbox-payments.ts',
    everyMinutes: paymentListings.sandbox.everyMinutes,
    // A sandbox boleto paid on `npm start` shows as PAID within seconds, not a minute.
    locallyEverySeconds: 5,
    onlyWith: 'sandbox-rails',
    grants: settlesPayments,
    memoryMb: waitingWorkerMemoryMb,
  },
} as const satisfies Record<string, ScheduleDef>;

export type ScheduleName = keyof typeof schedules;

/** Environment variable that carries a queue's URL to the functions that send to it. */
export function queueUrlEnv(name: QueueName): string {
  return `QUEUE_URL_${name.toUpperCase().replaceAll('-', '_')}`;
}

/** Whether a job sent to `name` without a delay by another function starts as an invocation of its worker. */
export function startsAsInvocation(name: QueueName): boolean {
  return (queues[name] as QueueDef).firstAttempt === 'invoke';
}

/** Environment variable that carries the name of a queue's worker function to the functions that invoke it. */
export function workerFunctionEnv(name: QueueName): string {
  return `WORKER_FUNCTION_${name.toUpperCase().replaceAll('-', '_')}`;
}

/** Environment variable that carries a queue's dead-letter queue URL. */
export function deadLetterUrlEnv(name: QueueName): string {
  return `DLQ_URL_${name.toUpperCase().replaceAll('-', '_')}`;
}
