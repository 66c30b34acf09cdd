// Lambda's Invoke API for the local functions, as Lambda answers it: a `RequestResponse` call runs
// the function and returns what it returned (or its error, flagged by X-Amz-Function-Error); an
// `Event` call is accepted at once (202) and run in the background, retried as the function's
// EventInvokeConfig says (Lambda waits 1 then 2 minutes), then handed to its failure destination
// in Lambda's destination record. It sits behind the IAM gateway (lambda:InvokeFunction).
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { functionArn, invokedFunctionName } from './authorization-requests.ts';
import { type LoopbackServer, listenOnLoopback, readBody } from './loopback-server.ts';

export interface InvocableFunction {
  /** The function host's name for it (`queue:watch-payment`). */
  readonly source: string;
  readonly timeoutMs: number;
  readonly asyncInvoke?: { readonly retryAttempts: number; readonly onFailureQueueUrl?: string };
}

export interface LocalLambdaOptions {
  /** By the name Lambda knows each function by (local-functions.ts `localFunctionName`). */
  readonly functions: ReadonlyMap<string, InvocableFunction>;
  readonly invoke: (source: string, event: unknown, timeoutMs: number) => Promise<unknown>;
  /** Sends a destination record to a queue (the failure destination). */
  readonly sendToQueue: (queueUrl: string, body: string) => Promise<void>;
  /** Waits before each retry of a failed asynchronous invocation (Lambda: 1 min, then 2 min). */
  readonly retryDelaysMs?: readonly number[];
  /** Told of each attempt of an asynchronous invocation, as it starts. */
  readonly onAttempt?: (source: string) => void;
  /** Told of an asynchronous invocation that failed for good (the stack prints it). */
  readonly onGivenUp?: (name: string, error: unknown) => void;
}

export interface LocalLambda extends LoopbackServer {
  /** Asynchronous invocations accepted and not finished yet (retries included). */
  pending(): number;
}

const lambdaRetryDelaysMs = [60_000, 120_000];

function errorAnswer(status: number, type: string, message: string) {
  return {
    status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': type },
    body: JSON.stringify({ Type: 'User', message }),
  };
}

const errorPayload = (error: unknown) => ({
  errorType: (error as Error)?.name ?? 'Error',
  errorMessage: (error as Error)?.message ?? String(error),
});

export async function startLocalLambda(options: LocalLambdaOptions): Promise<LocalLambda> {
  const retryDelaysMs = options.retryDelaysMs ?? lambdaRetryDelaysMs;
  const timers = new Set<NodeJS.Timeout>();
  let running = 0;

  const destinationRecord = (name: string, event: unknown, attempts: number, error: unknown) =>
    JSON.stringify({
      version: '1.0',
      timestamp: new Date().toISOString(),
      requestContext: {
        requestId: randomUUID(),
        functionArn: `${functionArn(name)}:$LATEST`,
        condition: 'RetriesExhausted',
        approximateInvokeCount: attempts,
      },
      requestPayload: event,
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      responsePayload: errorPayload(error),
    });

  const runAsync = (name: string, fn: InvocableFunction, event: unknown, attempt: number) => {
    running += 1;
    options.onAttempt?.(fn.source);
    options
      .invoke(fn.source, event, fn.timeoutMs)
      .then(
        () => undefined,
        async (error) => {
          const retries = fn.asyncInvoke?.retryAttempts ?? 2;
          if (attempt <= retries) {
            // A retry waiting is still pending; its attempt counts itself once it starts.
            const timer = setTimeout(
              () => {
                timers.delete(timer);
                running -= 1;
                runAsync(name, fn, event, attempt + 1);
              },
              retryDelaysMs[Math.min(attempt - 1, retryDelaysMs.length - 1)] ?? 0,
            );
            timer.unref();
            timers.add(timer);
            running += 1;
            return;
          }
          options.onGivenUp?.(name, error);
          const queueUrl = fn.asyncInvoke?.onFailureQueueUrl;
          if (queueUrl)
            await options
              .sendToQueue(queueUrl, destinationRecord(name, event, attempt, error))
              .catch((sendError) => options.onGivenUp?.(name, sendError));
        },
      )
      .finally(() => {
        running -= 1;
      });
  };

  const server: Server = createServer(async (incoming, outgoing) => {
    const send = (answer: { status: number; headers: Record<string, string>; body: string }) => {
      outgoing.writeHead(answer.status, { ...answer.headers, 'x-amzn-requestid': randomUUID() });
      outgoing.end(answer.body);
    };
    try {
      const body = await readBody(incoming);
      const name = invokedFunctionName(incoming.url ?? '/');
      if (incoming.method !== 'POST' || name === undefined) {
        send(errorAnswer(404, 'UnknownOperationException', `${incoming.method} ${incoming.url}`));
        return;
      }
      const fn = options.functions.get(name);
      if (!fn) {
        send(errorAnswer(404, 'ResourceNotFoundException', `Function not found: ${functionArn(name)}`));
        return;
      }
      let event: unknown;
      try {
        event = body.length ? JSON.parse(body.toString('utf8')) : {};
      } catch {
        send(errorAnswer(400, 'InvalidRequestContentException', 'Could not parse request body into json'));
        return;
      }
      const invocationType = String(incoming.headers['x-amz-invocation-type'] ?? 'RequestResponse');
      if (invocationType === 'Event') {
        runAsync(name, fn, event, 1);
        send({ status: 202, headers: {}, body: '' });
        return;
      }
      if (invocationType !== 'RequestResponse') {
        send(errorAnswer(400, 'InvalidParameterValueException', `InvocationType ${invocationType}`));
        return;
      }
      try {
        const result = await options.invoke(fn.source, event, fn.timeoutMs);
        send({
          status: 200,
          headers: { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' },
          body: JSON.stringify(result ?? null),
        });
      } catch (error) {
        send({
          status: 200,
          headers: {
            'content-type': 'application/json',
            'x-amz-executed-version': '$LATEST',
            'x-amz-function-error': 'Unhandled',
          },
          body: JSON.stringify(errorPayload(error)),
        });
      }
    } catch {
      outgoing.destroy();
    }
  });
  const listening = await listenOnLoopback(server);
  return {
    endpoint: listening.endpoint,
    pending: () => running,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await listening.close();
    },
  };
}
