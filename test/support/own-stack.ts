// For a file that starts a local stack of its own: the DynamoDB Local such files share (started
// by global-setup.ts) and a table of the file's own in it: one JVM for all of them, where one
// each would cost about 10 s of CPU per file.
import { randomUUID } from 'node:crypto';
import { sharedStack } from './api.ts';

export function ownStackTable(): { dynamoEndpoint: string; tableName: string } {
  return {
    dynamoEndpoint: sharedStack().ownStacksDynamoEndpoint,
    tableName: `cashin-own-${randomUUID().slice(0, 8)}`,
  };
}

/**
 * Takes down (or up) both ways a job reaches its worker: the invocation of its first attempt
 * (shared/aws/worker-invocation.ts) and its queue. With both down a job is lost until the sweeper.
 */
export function setJobsUnreachable(
  stack: { sqsProxy: { setDown(down: boolean): void }; lambdaProxy: { setDown(down: boolean): void } },
  down: boolean,
): void {
  stack.sqsProxy.setDown(down);
  stack.lambdaProxy.setDown(down);
}
