// Sending to the service's queues. Queue URLs come from the environment (QUEUE_URL_<NAME>).
import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { requireEnv } from '../config.ts';
import { deadLetterUrlEnv, type QueueName, queueUrlEnv } from '../queues.ts';
import { SQS_MAX_DELAY_SECONDS } from '../webhooks/retry-schedule.ts';
import { sqs } from './clients.ts';

export function queueUrl(name: QueueName): string {
  return requireEnv(queueUrlEnv(name));
}

export async function sendMessage(
  name: QueueName,
  body: unknown,
  options: { delaySeconds?: number } = {},
): Promise<void> {
  const delaySeconds = Math.max(0, Math.min(SQS_MAX_DELAY_SECONDS, Math.ceil(options.delaySeconds ?? 0)));
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(name),
      MessageBody: JSON.stringify(body),
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
