// Sending to the service's queues. Queue URLs come from the environment (QUEUE_URL_<NAME>).
import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { requireEnv } from '../config.ts';
import { deadLetterUrlEnv, type QueueName, queueUrlEnv } from '../queues.ts';
import { SQS_MAX_DELAY_SECONDS } from '../webhooks/retry-schedule.ts';
import { sqs } from './clients.ts';
import { invokedWorker } from './worker-invocation.ts';

export function queueUrl(name: QueueName): string {
  return requireEnv(queueUrlEnv(name));
}

/**
 * Sends a job to its worker: an undelayed one as an invocation where the queue's row says so
 * (shared/aws/worker-invocation.ts), else (or when that fails) as a message; `through: 'queue'`
 * always as a message (a job whose invoked attempt failed).
 */
export async function sendMessage(
  name: QueueName,
  body: unknown,
  options: { delaySeconds?: number; through?: 'queue' } = {},
): Promise<void> {
  const delaySeconds = Math.max(0, Math.min(SQS_MAX_DELAY_SECONDS, Math.ceil(options.delaySeconds ?? 0)));
  const messageBody = JSON.stringify(body);
  if (delaySeconds === 0 && options.through !== 'queue' && (await invokedWorker(name, messageBody))) return;
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(name),
      MessageBody: messageBody,
      ...(delaySeconds > 0 ? { DelaySeconds: delaySeconds } : {}),
    }),
  );
}

/** Parks a job whose work is given up in the queue's DLQ, for an operator to see and redrive. */
export async function sendToDeadLetter(name: QueueName, body: unknown): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: requireEnv(deadLetterUrlEnv(name)),
      MessageBody: JSON.stringify(body),
    }),
  );
}

export async function queueAnswers(name: QueueName): Promise<boolean> {
  await sqs().send(new GetQueueAttributesCommand({ QueueUrl: queueUrl(name), AttributeNames: ['QueueArn'] }));
  return true;
}
