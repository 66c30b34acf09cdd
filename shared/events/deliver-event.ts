// One webhook delivery attempt of an event: sign it (Standard Webhooks), POST it to the
// transaction's postbackUrl or the account's global URL, record the attempt, and schedule the
// next one on the retry schedule with SQS delays (chained past SQS's 15-minute maximum, so no
// Lambda ever sleeps). 2xx ends it; 410 Gone and an unsafe URL stop it; after the last attempt
// the event is marked FAILED and the job is parked in the DLQ.
// One chain per event: every job carries the attempt count and the owner mark (the event's
// work-index due time) it was sent with, and takes the attempt with a conditional write on that
// mark before it POSTs. An SQS duplicate, a replayed old hop or a chain the sweeper replaced finds
// the mark moved and stops without a POST. The first attempt is usually made by the function
// that made the transaction PAID, on the event it has just written (`fresh`): no message was
// sent, so nothing can race it and it takes the attempt without a write.
// The POST keeps to the function's deadline, less the time to record it: an attempt that would
// not fit is not taken (its job is retried, or the inline caller hands it to the queue).
import { sendToDeadLetter } from '../aws/queue.ts';
import { serviceConfig } from '../config.ts';
import { log } from '../log.ts';
import { queues } from '../queues.ts';
import { openWebhookSecrets } from '../secrets/webhook-secrets.ts';
import { getAccount } from '../store/api-keys.ts';
import { claimAttempt, getEvent, markUndeliverable, recordAttempt } from '../store/events.ts';
import { postponeWork } from '../store/pending-work.ts';
import { getTransaction } from '../store/transactions.ts';
import { OutOfTimeError, requireCallTimeoutMs, webhookRecordingMarginMs } from '../time-budget.ts';
import { type DeliverEventJob, enqueueDeliverEvent } from '../transactions/jobs.ts';
import { postbackUrlInEffect, type TransactionRecord } from '../transactions/transaction.ts';
import { buildEnvelope } from '../webhooks/envelope.ts';
import { type PostWebhookResult, postWebhook } from '../webhooks/post-webhook.ts';
import { nextDelayMs } from '../webhooks/retry-schedule.ts';
import { activeSigningSecrets, signWebhook } from '../webhooks/sign.ts';
import { delaySecondsFor } from '../workers/poll-schedule.ts';
import { AttemptNotRecordedError } from './delivery-errors.ts';
import { type EventRecord, eventData, eventMoney } from './event.ts';

export interface DeliveryOptions {
  /**
   * The event as this invocation has just written it, with the write that made its transaction
   * PAID: no message carries its owner mark, so no copy of this job can race this attempt.
   */
  fresh?: EventRecord;
  /** When the calling function must be done (epoch ms); the delivery worker's timeout from now otherwise. */
  endBy?: number;
}

export type DeliveryOutcome =
  | 'delivered'
  | 'retrying'
  | 'failed'
  | 'undeliverable'
  | 'deferred'
  | 'superseded'
  | 'nothing-to-do';

/** Whether a failed attempt is worth repeating: a refused (unsafe) URL or 410 Gone is not. */
function permanentFailure(result: PostWebhookResult): string | null {
  if (result.statusCode === 410) return 'the receiver answered 410 Gone';
  if (result.failure === 'undeliverable-url' && !result.error?.startsWith('dns-failure'))
    return `postback URL refused: ${result.error}`;
  return null;
}

function describeFailure(result: PostWebhookResult): string {
  return result.statusCode !== undefined ? `HTTP ${result.statusCode}` : (result.error ?? 'unknown error');
}

/** Where the event goes, signed with which secrets, and the transaction it carries. */
async function destination(event: EventRecord): Promise<{
  url: string | null;
  secrets: string[];
  transaction: TransactionRecord | undefined;
  accountWebhookUrl: string | null;
}> {
  const [transaction, account] = await Promise.all([
    // Consistent: the event's data is this transaction as its event left it (PAID), never an older copy.
    getTransaction(event.accountId, event.transactionId, true),
    // Read at each attempt, consistently, not from the settings cache: a rotation, an ended
    // overlap or a new URL applies to the very next delivery, whichever instance makes it
    // (one read unit an attempt; opened secrets come from the key wrapper's cache).
    getAccount(event.accountId, true),
  ]);
  const accountWebhookUrl = account?.webhookUrl ?? null;
  const url = transaction ? postbackUrlInEffect(transaction, accountWebhookUrl) : accountWebhookUrl;
  if (!url) return { url, secrets: [], transaction, accountWebhookUrl };
  const opened = await openWebhookSecrets(event.accountId, account?.webhookSecrets ?? []);
  return { url, secrets: activeSigningSecrets(opened, new Date()), transaction, accountWebhookUrl };
}

/**
 * Records the attempt of a POST already made, retrying a failed write (the table briefly out of
 * reach) while this job still owns the event and its function still runs: an attempt that is
 * never recorded is POSTed again by the next chain.
 */
async function recordMadeAttempt(
  write: () => Promise<boolean>,
  ownedDueAt: string,
  endBy: number,
): Promise<boolean> {
  const deadline = Math.min(Date.parse(ownedDueAt) - 1000, endBy - 5000);
  for (let wait = 200; ; wait = Math.min(wait * 2, 2000)) {
    try {
      return await write();
    } catch (error) {
      if (Date.now() + wait >= deadline) throw new AttemptNotRecordedError(error);
      log.warn('attempt not recorded yet; retrying', { error: (error as Error).message });
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Takes the attempt before the POST, so a copy of this job racing us stops. A mark that already
 * outlasts the POST by most of the sweep grace (as the mark of a job that runs when it is due
 * does: its chain set it a grace past that) is only noted as claimed: one small write, the work
 * index untouched, and the attempt's record still has that long to survive a table outage
 * before the sweeper could start a second chain. Otherwise the event moves to a due time a whole
 * grace past the POST. Answers the chain's owner mark, or null when the attempt is someone else's.
 */
async function takeAttempt(
  event: EventRecord,
  workDueAt: string,
  now: Date,
  fresh: boolean,
): Promise<string | null> {
  const config = serviceConfig();
  const keptLeadMs = config.webhookTimeoutMs + (config.sweepAfterMs * 3) / 4;
  if (Date.parse(workDueAt) - now.getTime() >= keptLeadMs) {
    // An event this invocation has just written is its own already: no write.
    if (fresh) return workDueAt;
    return (await claimAttempt(event, workDueAt)) ? workDueAt : null;
  }
  const claimDueAt = new Date(now.getTime() + config.webhookTimeoutMs + config.sweepAfterMs).toISOString();
  const work = {
    kind: 'deliver-event' as const,
    accountId: event.accountId,
    transactionId: event.transactionId,
    eventType: event.type,
    ...(event.subjectId ? { subjectId: event.subjectId } : {}),
  };
  return postponeWork(work, claimDueAt, workDueAt);
}

export async function deliverEvent(
  job: DeliverEventJob,
  now = new Date(),
  options: DeliveryOptions = {},
): Promise<DeliveryOutcome> {
  if (job.notBefore && job.notBefore > now.getTime()) {
    // A wait longer than one SQS delay: hop again until the attempt is due.
    await enqueueDeliverEvent(job, delaySecondsFor(job.notBefore - now.getTime()));
    return 'deferred';
  }
  const event =
    options.fresh ??
    (await getEvent(job.accountId, job.transactionId, { type: job.eventType, subjectId: job.subjectId }));
  if (event?.deliveryStatus !== 'PENDING') return 'nothing-to-do';
  // A job without the mark, or from an attempt the event has moved past, belongs to no live chain.
  if (!job.workDueAt || job.attempt !== event.attemptCount) return 'superseded';

  const { url, secrets, transaction, accountWebhookUrl } = await destination(event);
  if (!url) {
    await markUndeliverable(
      event,
      'no postback URL: the transaction has none and the account has no global URL',
      now,
    );
    log.warn('event has no destination', { eventId: event.eventId });
    return 'undeliverable';
  }
  if (!secrets.length) {
    // Retrying cannot help: the event is listed as undeliverable (and can be redelivered once the
    // account has a secret) instead of throwing until the job reaches the dead-letter queue.
    await markUndeliverable(
      event,
      'no webhook signing secret: the account has none; rotate one (npm run keys -- webhook --rotate-secret), then redeliver',
      now,
    );
    log.error('event not delivered: the account has no webhook signing secret', { eventId: event.eventId });
    return 'undeliverable';
  }

  const config = serviceConfig();
  const endBy = options.endBy ?? Date.now() + queues['deliver-event'].workerTimeoutSeconds * 1000;
  const postBy = endBy - webhookRecordingMarginMs;
  // Only with its whole timeout: a cut-short attempt that times out would count as the receiver's
  // failure. Checked before the claim, so an attempt not made here stays with the job's retry.
  if (postBy - Date.now() < config.webhookTimeoutMs)
    throw new OutOfTimeError('webhook POST', postBy - Date.now());
  const ownedDueAt = await takeAttempt(event, job.workDueAt, now, options.fresh !== undefined);
  if (ownedDueAt === null) return 'superseded';

  const data = eventData(event, transaction, accountWebhookUrl);
  const money = eventMoney(data, transaction);
  const payload = buildEnvelope({
    eventId: event.eventId,
    type: event.type,
    createdAt: event.createdAt,
    data,
  });
  const headers = signWebhook({ id: event.eventId, timestamp: now, payload, secrets });
  const result = await postWebhook({
    url,
    body: payload,
    headers,
    // A claim that took the last of the time leaves the attempt to the sweeper once the claim is due.
    timeoutMs: requireCallTimeoutMs('webhook POST', postBy, config.webhookTimeoutMs),
    allowInsecure: config.allowInsecurePostback,
  });

  const attempt = {
    number: event.attemptCount + 1,
    at: now.toISOString(),
    url,
    statusCode: result.statusCode ?? null,
    error: result.ok ? null : describeFailure(result),
    durationMs: result.durationMs,
  };
  const runAttempts = event.runAttempts + 1;
  log.info('webhook attempt', {
    eventId: event.eventId,
    attempt: attempt.number,
    statusCode: attempt.statusCode,
    error: attempt.error,
    durationMs: attempt.durationMs,
  });

  if (result.ok) {
    await recordMadeAttempt(
      () =>
        recordAttempt(
          event,
          attempt,
          { deliveryStatus: 'DELIVERED', runAttempts, nextDueAt: null, lastError: null },
          ownedDueAt,
          money,
        ),
      ownedDueAt,
      endBy,
    );
    return 'delivered';
  }
  const permanent = permanentFailure(result);
  const delayMs = permanent ? null : nextDelayMs(runAttempts, config.webhookRetryScheduleMs);
  if (delayMs === null) {
    const reason = permanent ?? `gave up after ${runAttempts} attempts; last: ${attempt.error}`;
    if (
      await recordMadeAttempt(
        () =>
          recordAttempt(
            event,
            attempt,
            { deliveryStatus: 'FAILED', runAttempts, nextDueAt: null, lastError: reason },
            ownedDueAt,
            money,
          ),
        ownedDueAt,
        endBy,
      )
    ) {
      await sendToDeadLetter('deliver-event', { ...job, eventId: event.eventId, reason });
    }
    return 'failed';
  }
  const dueAt = now.getTime() + delayMs;
  // The work index keeps the next attempt owed even if the message below is lost; its due time
  // is the next job's owner mark.
  const nextDueAt = new Date(dueAt + config.sweepAfterMs).toISOString();
  const recorded = await recordMadeAttempt(
    () =>
      recordAttempt(
        event,
        attempt,
        { deliveryStatus: 'PENDING', runAttempts, nextDueAt, lastError: attempt.error },
        ownedDueAt,
        money,
      ),
    ownedDueAt,
    endBy,
  );
  if (!recorded) return 'superseded';
  await enqueueDeliverEvent(
    {
      accountId: job.accountId,
      transactionId: job.transactionId,
      eventType: job.eventType,
      ...(job.subjectId ? { subjectId: job.subjectId } : {}),
      attempt: attempt.number,
      workDueAt: nextDueAt,
      notBefore: dueAt,
    },
    delaySecondsFor(delayMs),
  );
  return 'retrying';
}
