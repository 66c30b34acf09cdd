// The local stack as the bench uses it: started in-process with the bench's settings, request
// counters on the service's SDK clients, and a gateway whose requests run in the `api` scope.
import { connect } from 'node:net';
import { startGateway } from '../../infra/local/gateway.ts';
import { localFunctionName } from '../../infra/local/parity/local-functions.ts';
import { type LocalStack, type LocalStackOptions, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { basicAuthorization } from '../../shared/auth/credentials.ts';
import { dynamo, rateLimitDynamo, sqs } from '../../shared/aws/clients.ts';
import { resetProcessConfiguration } from '../../shared/config.ts';
import { queueNames, startsAsInvocation, workerFunctionEnv } from '../../shared/queues.ts';
import { routeList } from '../../shared/route-table.ts';
import { createApiClient } from '../support/openapi-client/client.ts';
import { type HttpLoad, startHttpLoad } from './http-load.ts';
import { backgroundScope, RequestCounter, requestScope } from './request-counter.ts';
import type { BenchApi } from './throughput.ts';

export const instructionDelayMs = 2000;

// The sandbox delay is the default, stated explicitly. The payment poll schedule is stretched
// so the ~1,000 benchmark purchases that are never paid do not keep polling the rail during
// later sections (sandbox pay sends its own notify job: the pay → webhook path does not use it).
export const stackEnv: Record<string, string> = {
  LOG_LEVEL: 'silent',
  SANDBOX_INSTRUCTION_DELAY_MS: String(instructionDelayMs),
  PAYMENT_POLL_SCHEDULE: '15m',
  // The limiter runs (its DynamoDB calls are counted) but never stops the load generator.
  RATE_LIMIT_PER_SECOND: '1000000',
};

export const apiScope = 'api';

export interface BenchStack {
  stack: LocalStack;
  counter: RequestCounter;
  api: BenchApi;
  load: HttpLoad;
  stop(): Promise<void>;
}

async function answers(endpoint: string): Promise<boolean> {
  const { hostname, port } = new URL(endpoint);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startBenchStack(
  options: Pick<LocalStackOptions, 'pollersPerQueue' | 'extraQueues'> & {
    /** Off: the handlers send every job to its queue (with no pollers, no worker runs). */
    invokeWorkers?: boolean;
  } = {},
): Promise<BenchStack> {
  const { invokeWorkers = true, ...stackOptions } = options;
  const counter = new RequestCounter();
  const stack = await startLocalStack({
    port: 0,
    env: stackEnv,
    ...stackOptions,
    // The stack's functions (workers, schedules) run in their own sandboxes: counted on the wire.
    observeAwsRequests: (observed) => {
      if (observed.functionName === undefined) return;
      counter.record(backgroundScope, `${observed.service}.${observed.operation}`, {
        items: observed.transactionItems,
        elapsedMs: observed.elapsedMs,
      });
    },
  });
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
  let load: HttpLoad | undefined;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await gateway?.close().catch(() => undefined);
    await load?.close().catch(() => undefined);
    await stack.stop();
    if (await answers(stack.dynamoEndpoint))
      process.stderr.write(`warning: DynamoDB Local still answers at ${stack.dynamoEndpoint} after stop\n`);
  };
  try {
    // As deployed, the bench's handlers invoke the workers for a job's first attempt (the stack's
    // Lambda, through its IAM gateway; the operator's key passes).
    for (const name of queueNames)
      if (invokeWorkers && startsAsInvocation(name))
        process.env[workerFunctionEnv(name)] = localFunctionName(`queue:${name}`);
    resetProcessConfiguration();
    counter.installHttp('lambda.Invoke', Number(new URL(stack.env.LAMBDA_ENDPOINT!).port));
    // The bench's own gateway runs its handlers in this process, on these very singletons.
    counter.install('dynamodb', dynamo().middlewareStack);
    counter.install('dynamodb', rateLimitDynamo().middlewareStack);
    counter.install('sqs', sqs().middlewareStack);
    // A second instance of the local gateway, serving the same route table with the same
    // handler modules, started inside the `api` scope: every request it serves (and every AWS
    // call its handlers make) is counted under `api`, the workers' calls under `background`.
    gateway = await requestScope.run(apiScope, () => startGateway({ port: 0, routes: routeList() }));
    const issued = await issueApiKey({ permissions: ['isInvoiceAvailable', 'createTransaction'] });
    const api: BenchApi = {
      baseUrl: `http://127.0.0.1:${gateway.port}`,
      authorization: basicAuthorization(issued.secretKey),
      accountId: issued.accountId,
      client: createApiClient({ baseUrl: `http://127.0.0.1:${gateway.port}`, secretKey: issued.secretKey }),
    };
    load = startHttpLoad();
    return { stack, counter, api, load, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
