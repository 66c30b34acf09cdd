// One webhook delivery attempt of an event: sign it (Standard Webhooks), POST it to the
// transaction's postbackUrl or the account's global URL, record the attempt, and schedule the
// next one on the retry schedule with SQS delays (chained past SQS's 15-minute maximum, so no
// Lambda ever sleeps). 2xx ends it; 410 Gone and an unsafe URL stop it; after the last attempt
// the event is marked FAILED and the job is parked in the DLQ.
import { accountSettings } from '../accounts/account-settings.ts';
import { sendToDeadLetter } from '../aws/queue.ts';
import { serviceConfig } from '../config.ts';
import { log } from '../log.ts';
import { openWebhookSecrets } from '../secrets/webhook-secrets.ts';
import { getEvent, markUndeliverable, recordAttempt } from '../store/events.ts';
import { getTransaction } from '../store/transactions.ts';
import { type DeliverEventJob, enqueueDeliverEvent } from '../transactions/jobs.ts';
import { buildEnvelope } from '../webhooks/envelope.ts';
import { type PostWebhookResult, postWebhook } from '../webhooks/post-webhook.ts';
import { nextDelayMs } from '../webhooks/retry-schedule.ts';
import { activeSigningSecrets, signWebhook } from '../webhooks/sign.ts';
import { delaySecondsFor } from '../workers/poll-schedule.ts';
import type { EventRecord } from './event.ts';

export type DeliveryOutcome =
  | 'delivered'
  | 'retrying'
  | 'failed'
  | 'undeliverable'
  | 'deferred'
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

async function destination(event: EventRecord): Promise<{ url: string | null; secrets: string[] }> {
  const [transaction, account] = await Promise.all([
    getTransaction(event.accountId, event.transactionId),
    accountSettings(event.accountId),
  ]);
  const url = transaction?.requestedPostbackUrl ?? account?.webhookUrl ?? null;
  if (!url) return { url, secrets: [] };
  const opened = await openWebhookSecrets(event.accountId, account?.webhookSecrets ?? []);
  return { url, secrets: activeSigningSecrets(opened, new Date()) };
}

export async function deliverEvent(job: DeliverEventJob, now = new Date()): Promise<DeliveryOutcome> {
  if (job.notBefore && job.notBefore > now.getTime()) {
    // A wait longer than one SQS delay: hop again until the attempt is due.
    await enqueueDeliverEvent(job, delaySecondsFor(job.notBefore - now.getTime()));
    return 'deferred';
  }
  const event = await getEvent(job.accountId, job.transactionId, job.eventType);
  if (event?.deliveryStatus !== 'PENDING') return 'nothing-to-do';

  const { url, secrets } = await destination(event);
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

  const payload = buildEnvelope({
    eventId: event.eventId,
    type: event.type,
    createdAt: event.createdAt,
    data: event.data,
  });
  const headers = signWebhook({ id: event.eventId, timestamp: now, payload, secrets });
  const config = serviceConfig();
  const result = await postWebhook({
    url,
    body: payload,
    headers,
    timeoutMs: config.webhookTimeoutMs,
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
    await recordAttempt(event, attempt, {
      deliveryStatus: 'DELIVERED',
      runAttempts,
      nextDueAt: null,
      lastError: null,
    });
    return 'delivered';
  }
  const permanent = permanentFailure(result);
  const delayMs = permanent ? null : nextDelayMs(runAttempts, config.webhookRetryScheduleMs);
  if (delayMs === null) {
    const reason = permanent ?? `gave up after ${runAttempts} attempts; last: ${attempt.error}`;
    if (
      await recordAttempt(event, attempt, {
        deliveryStatus: 'FAILED',
        runAttempts,
        nextDueAt: null,
        lastError: reason,
      })
    ) {
      await sendToDeadLetter('deliver-event', { ...job, eventId: event.eventId, reason });
    }
    return 'failed';
  }
  const dueAt = now.getTime() + delayMs;
  // The work index keeps the next attempt owed even if the message below is lost.
  const recorded = await recordAttempt(event, attempt, {
    deliveryStatus: 'PENDING',
    runAttempts,
    nextDueAt: new Date(dueAt + config.sweepAfterMs).toISOString(),
    lastError: attempt.error,
  });
  if (!recorded) return 'nothing-to-do';
  await enqueueDeliverEvent(
    {
      accountId: job.accountId,
      transactionId: job.transactionId,
      eventType: job.eventType,
      attempt: attempt.number,
      notBefore: dueAt,
    },
    delaySecondsFor(delayMs),
  );
  return 'retrying';
}
