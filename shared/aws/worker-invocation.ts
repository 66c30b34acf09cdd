// A job's first attempt as an asynchronous invocation of its worker (a queue row's
// `firstAttempt: 'invoke'`): Lambda keeps the event in its own queue, so the hop costs no SQS
// request. The worker takes the job as it would take the queue's message (workers/sqs-worker.ts).
import { optional } from '../config.ts';
import { log } from '../log.ts';
import { type QueueName, startsAsInvocation, workerFunctionEnv } from '../queues.ts';
import { invokeAsync } from './lambda-invoke.ts';

/** The event a worker is invoked with: the job's message body, as SQS would carry it. */
export interface JobInvocation {
  readonly jobInvocation: { readonly queue: QueueName; readonly body: string };
}

export function isJobInvocation(event: unknown): event is JobInvocation {
  const invocation = (event as Partial<JobInvocation> | null)?.jobInvocation;
  return typeof invocation?.body === 'string' && typeof invocation.queue === 'string';
}

/**
 * Invokes the queue's worker with the job, when this function may (its row grants the queue and
 * the queue invokes first; a worker's own queue is never invoked, only sent to). False when it
 * may not or the invocation failed: the caller sends the job to the queue instead.
 */
export async function invokedWorker(name: QueueName, body: string): Promise<boolean> {
  if (!startsAsInvocation(name)) return false;
  const functionName = optional(workerFunctionEnv(name));
  if (!functionName) return false;
  const invocation: JobInvocation = { jobInvocation: { queue: name, body } };
  try {
    await invokeAsync(functionName, JSON.stringify(invocation));
    return true;
  } catch (error) {
    log.warn('worker not invoked; the job goes through its queue', {
      queue: name,
      error: (error as Error).message,
    });
    return false;
  }
}
