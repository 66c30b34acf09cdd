// A job's first attempt as an invocation (a queue row's `firstAttempt: 'invoke'`,
// shared/aws/worker-invocation.ts): every function whose row may send to such a queue, other than
// its own worker, may also invoke the worker, and is told its name. A worker's own jobs always go
// through its queue (a function cannot name itself in its environment).
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Grant } from '../../shared/grants.ts';
import { type QueueDef, type QueueName, workerFunctionEnv } from '../../shared/queues.ts';

type Sender = IFunction & { addEnvironment(key: string, value: string): unknown };

export function grantJobInvocations(
  functions: ReadonlyMap<string, { readonly function: Sender }>,
  grantsOf: ReadonlyMap<string, readonly Grant[]>,
  queueDefs: ReadonlyMap<string, { readonly def: QueueDef }>,
): void {
  for (const [key, grants] of grantsOf) {
    for (const grant of grants) {
      const name = /^queue:([a-z][a-z0-9-]*):send$/.exec(grant)?.[1];
      if (!name || queueDefs.get(name)?.def.firstAttempt !== 'invoke' || key === `queue:${name}`) continue;
      const worker = functions.get(`queue:${name}`)?.function;
      const sender = functions.get(key)?.function;
      if (!worker || !sender) continue;
      // The function itself, not its versions and aliases (grantInvoke's `:*`): none is published.
      sender.addToRolePolicy(
        new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [worker.functionArn] }),
      );
      sender.addEnvironment(workerFunctionEnv(name as QueueName), worker.functionName);
    }
  }
}
