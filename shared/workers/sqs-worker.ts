// The shape every SQS worker shares: parse each record's job, process records concurrently,
// and report the ones that failed (partial batch response) so only those are retried. Every
// record gets the invocation's deadline, so its outbound calls end before Lambda's timeout.
// A job invoked directly (its first attempt, shared/aws/worker-invocation.ts) that fails is
// handed to the queue, whose retries and dead-letter queue take over from there.
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sendMessage } from '../aws/queue.ts';
import { isJobInvocation, type JobInvocation } from '../aws/worker-invocation.ts';
import { log, withLogContext } from '../log.ts';
import { deadlineOf } from '../time-budget.ts';

/** Logged once per failed record; the stack counts these lines per worker (infra/constructs/alarms.ts). */
export const batchItemFailureMessage = 'job failed; it will be retried';

export function sqsWorker<T>(
  name: string,
  parse: (body: unknown) => T,
  /** `endBy`: when the invocation must be done (epoch ms). */
  process: (job: T, endBy: number) => Promise<void>,
) {
  return async (event: SQSEvent | JobInvocation, context: Context): Promise<SQSBatchResponse> => {
    const endBy = deadlineOf(context);
    if (isJobInvocation(event)) {
      const { queue, body } = event.jobInvocation;
      try {
        await withLogContext({ worker: name, requestId: context.awsRequestId }, async () =>
          process(parse(JSON.parse(body)), endBy),
        );
      } catch (error) {
        log.error(batchItemFailureMessage, { worker: name, requestId: context.awsRequestId, error });
        // Lambda retries a failed invocation twice, then hands it to the dead-letter queue.
        await sendMessage(queue, JSON.parse(body), { through: 'queue' });
      }
      return { batchItemFailures: [] };
    }
    const results = await Promise.allSettled(
      event.Records.map((record) =>
        withLogContext({ worker: name, messageId: record.messageId }, async () => {
          const job = parse(JSON.parse(record.body));
          await process(job, endBy);
        }),
      ),
    );
    const batchItemFailures = results.flatMap((result, index) => {
      if (result.status === 'fulfilled') return [];
      const record = event.Records[index]!;
      log.error(batchItemFailureMessage, {
        worker: name,
        messageId: record.messageId,
        receiveCount: record.attributes.ApproximateReceiveCount,
        error: result.reason,
      });
      return [{ itemIdentifier: record.messageId }];
    });
    return { batchItemFailures };
  };
}

/** Rejects a job body that is not an object with the given string fields (it ends in the DLQ). */
export function requireFields<T>(body: unknown, fields: string[]): T {
  if (typeof body !== 'object' || body === null) throw new Error('job body is not an object');
  for (const field of fields) {
    if (typeof (body as Record<string, unknown>)[field] !== 'string')
      throw new Error(`job field ${field} is missing`);
  }
  return body as T;
}
