// What an operator should do when an alarm fires, written into the alarm's description so it
// arrives with the page. CloudWatch caps descriptions at 1024 characters.
import type { QueueDef } from '../../shared/queues.ts';

/**
 * A worker allowed to dead-letter its own queue parks a job there on purpose, after the last
 * attempt, with the work already marked as given up (a webhook event is FAILED). Redriving such
 * a job would run one more attempt outside the recorded schedule; the API starts a proper run.
 */
export function deadLetterRunbook(name: string, def: QueueDef): string {
  if (def.grants.includes(`queue:${name}:dead-letter` as QueueDef['grants'][number])) {
    return [
      `A ${name} job used every attempt and was parked: its event is already FAILED and listed with each attempt by GET /transactions/:id/events.`,
      'Tell the merchant (their endpoint failed for days), then start a new run with POST /events/:id/redeliver once it answers 2xx.',
      'Do NOT redrive this DLQ: that bypasses the recorded attempts. Delete the message after redelivering.',
    ].join(' ');
  }
  return [
    `A ${name} job failed ${def.maxReceiveCount} receives in a row (the worker threw or timed out each time).`,
    `Find the error in the ${name} worker's logs by the transactionId in the message body and fix the cause.`,
    'No redrive needed: the work stays due in the work index and the sweeper re-enqueues it every minute; purge the DLQ once the work has moved on.',
  ].join(' ');
}

export function functionErrorRunbook(key: string): string {
  const [kind] = key.split(':');
  const where =
    kind === 'route'
      ? 'Callers got a 5xx: search its log group for level "error" and the x-request-id the client saw.'
      : kind === 'queue'
        ? 'SQS will retry the batch items it reported; search its log group for level "error" and the transactionId.'
        : 'The next tick retries; search its log group for level "error". Alarms again if every tick fails.';
  return `${key}: the function failed (uncaught error, timeout or crash). ${where}`;
}

export function apiErrorRateRunbook(percent: number): string {
  return [
    `More than ${percent}% of API requests answered 5xx in five minutes.`,
    "The API access log (integrationError, status) shows which route; that route's function Errors alarm and log group show why.",
    'Throttled functions or DynamoDB show up there as errors too; an "integrationError" without a function error is API Gateway or Lambda refusing the call (e.g. a payload over 6 MB).',
  ].join(' ');
}

/** The oldest parked message passed the age alarm's threshold: the first page went unanswered. */
export function deadLetterAgeRunbook(name: string, hours: number): string {
  return [
    `A message has waited in the ${name} dead-letter queue for more than ${hours} h.`,
    'The DLQ alarm stays in ALARM while any message is parked, so parked work after the first page does not page again: this one does.',
    `Handle it as the ${name} DLQ alarm says, then delete or redrive the messages so both alarms return to OK.`,
  ].join(' ');
}

/** The worker reported records of a batch as failed: the function succeeded, so Errors stays 0. */
export function batchItemFailureRunbook(name: string): string {
  return [
    `The ${name} worker keeps reporting batch items as failed (partial batch response): SQS redelivers them until they reach the DLQ.`,
    `Search its log group for "job failed; it will be retried" and the messageId, then fix the cause (a rail or receiver down, a bad job).`,
    "The function's Errors alarm does not see these: the invocation itself succeeded.",
  ].join(' ');
}
