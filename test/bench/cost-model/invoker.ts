// Calls the service's own handler modules in-process, as Lambda would: an HTTP route with the
// API Gateway v2 event the local gateway builds, a worker with a real SQSEvent, a schedule with
// a scheduled event. Each call is one invocation billed at the function's deployed memory for
// its wall time (rounded up to 1 ms); an HTTP call is also one HTTP API request, unless its route is
// served at a function URL (RouteDef.servedAt).
import type { IncomingMessage } from 'node:http';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  SQSBatchResponse,
  SQSEvent,
} from 'aws-lambda';
import { defaultMemoryMb } from '../../../infra/function-memory.ts';
import { toEvent } from '../../../infra/local/gateway.ts';
import { lambdaContext } from '../../../infra/local/lambda-context.ts';
import { loadHandler } from '../../../infra/local/repo-root.ts';
import { compileRoutes } from '../../../infra/local/route-matcher.ts';
import type { JobInvocation } from '../../../shared/aws/worker-invocation.ts';
import { type QueueName, queues, type ScheduleName, schedules } from '../../../shared/queues.ts';
import { routeList } from '../../../shared/route-table.ts';
import { billedGbSeconds, lambdaDurationMs } from './aws-prices.ts';
import { type Meter, writeTrace } from './meter.ts';
import { type NetworkWaits, newWaitCounter } from './network-waits.ts';
import type { SimulatedMessage } from './simulated-queues.ts';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const matchRoute = compileRoutes(routeList());
const httpTimeoutMs = 10_000;

export class Invoker {
  private readonly meter: Meter;
  private readonly waits: NetworkWaits;

  constructor(meter: Meter, waits: NetworkWaits) {
    this.meter = meter;
    this.waits = waits;
  }

  /**
   * One Lambda invocation: wall time billed at `memoryMb`, and beside it what Lambda would bill:
   * the same with its CPU time stretched to the function's share of a vCPU, plus what its calls
   * to the PSP and the merchant would have waited from us-east-1.
   */
  private async invoke<T>(name: string, memoryMb: number, work: () => Promise<T>): Promise<T> {
    const waited = newWaitCounter();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const overheadBefore = this.meter.overheadCpuMs();
    try {
      return await this.waits.during(waited, () => this.meter.inInvocation(work));
    } finally {
      // What ran here but is not the function's work: the far sides' answers and the model's own
      // reads (their CPU is also wall time).
      const notTheFunctionsMs = waited.farSideCpuMs + this.meter.overheadCpuMs(overheadBefore);
      const wallMs = Math.max(0, performance.now() - started - notTheFunctionsMs);
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = Math.max(0, (cpu.user + cpu.system) / 1000 - notTheFunctionsMs);
      const tally = this.meter.tally;
      tally.lambdaInvocations += 1;
      tally.gbSeconds += billedGbSeconds(wallMs, memoryMb);
      tally.gbSecondsWithWaits += billedGbSeconds(
        lambdaDurationMs({
          wallMs,
          cpuMs,
          waitedMs: waited.waitedMs,
          memoryMb,
          awsLocalMs: waited.aws.localMs,
          awsModelledMs: waited.aws.modelledMs,
        }),
        memoryMb,
      );
      if (process.env.COST_MODEL_TRACE)
        writeTrace(
          `INVOKE ${name} ${memoryMb} MB wall ${wallMs.toFixed(0)} ms cpu ${cpuMs.toFixed(0)} ms (not its own ${notTheFunctionsMs.toFixed(1)} ms) waits ${waited.waitedMs.toFixed(0)} ms psp ${waited.calls.psp} (new ${waited.newConnections.psp}) merchant ${waited.calls.merchant} aws ${waited.aws.calls} local ${waited.aws.localMs.toFixed(0)} ms modelled ${waited.aws.modelledMs.toFixed(0)} ms\n`,
        );
      tally.pspCalls += waited.calls.psp;
      tally.pspNewConnections += waited.newConnections.psp;
      tally.merchantCalls += waited.calls.merchant;
      tally.merchantNewConnections += waited.newConnections.merchant;
    }
  }

  /** An HTTP request to the route's function: through API Gateway, or at its function URL. */
  async http(
    method: string,
    pathAndQuery: string,
    options: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<HttpAnswer> {
    const path = pathAndQuery.split('?')[0]!;
    const matched = matchRoute(method, path);
    if (!matched) throw new Error(`cost model: no route for ${method} ${path}`);
    const { route } = matched;
    const body = Buffer.from(options.body ?? '');
    // The gateway's own event builder, fed the parts of a request it reads.
    const request = {
      url: pathAndQuery,
      method,
      httpVersion: '1.1',
      headers: {
        host: 'api.cost-model.local',
        'user-agent': 'cost-model',
        ...lowerCase(options.headers ?? {}),
      },
      socket: { remoteAddress: '203.0.113.7' },
    } as unknown as IncomingMessage;
    const event = toEvent(request, body, `${route.method} ${route.path}`, matched.pathParameters);
    const handler = await loadHandler<
      (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>
    >(route.handler);
    // A route at a function URL of its own is reached without API Gateway.
    if (route.servedAt !== 'function-url') this.meter.tally.httpRequests += 1;
    const result = await this.invoke(route.name, route.memoryMb ?? defaultMemoryMb, () =>
      handler(event, lambdaContext(route.name, httpTimeoutMs)),
    );
    return {
      status: result.statusCode ?? 200,
      headers: (result.headers ?? {}) as Record<string, string>,
      body: result.isBase64Encoded
        ? Buffer.from(result.body ?? '', 'base64').toString()
        : (result.body ?? ''),
    };
  }

  /** Delivers one message to its queue's worker; true when the worker processed it. */
  async deliver(message: SimulatedMessage): Promise<boolean> {
    const def = queues[message.queue as QueueName];
    const handler = await loadHandler<
      (event: SQSEvent | JobInvocation, context: unknown) => Promise<SQSBatchResponse | undefined>
    >(def.worker);
    const event: SQSEvent | JobInvocation = message.invoked
      ? { jobInvocation: { queue: message.queue, body: message.body } }
      : {
          Records: [
            {
              messageId: message.messageId,
              receiptHandle: message.messageId,
              body: message.body,
              attributes: {
                ApproximateReceiveCount: String(message.receiveCount),
                SentTimestamp: String(message.sentAt),
                SenderId: 'cost-model',
                ApproximateFirstReceiveTimestamp: String(Date.now()),
              },
              messageAttributes: {},
              md5OfBody: '',
              eventSource: 'aws:sqs',
              eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${message.queue}`,
              awsRegion: 'us-east-1',
            },
          ],
        };
    try {
      const memoryMb: number = 'memoryMb' in def ? def.memoryMb : defaultMemoryMb;
      const result = await this.invoke(message.queue, memoryMb, () =>
        handler(event, lambdaContext(message.queue, def.workerTimeoutSeconds * 1000)),
      );
      return !result?.batchItemFailures?.length;
    } catch {
      return false;
    }
  }

  /** One scheduled run of a schedule's function. */
  async tick(name: ScheduleName): Promise<void> {
    const handler = await loadHandler<(event: unknown, context: unknown) => Promise<unknown>>(
      schedules[name].handler,
    );
    const def = schedules[name];
    await this.invoke(name, 'memoryMb' in def ? def.memoryMb : defaultMemoryMb, () =>
      handler(
        { source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} },
        lambdaContext(name, 60_000),
      ),
    );
  }
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
