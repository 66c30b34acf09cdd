// A local stand-in for Lambda function URLs: one loopback origin per function whose synthesized
// template gives it an `AWS::Lambda::Url`, as each URL is its own host on AWS. Every method and
// path reaches the function with the payload 2.0 event a function URL sends (route key
// `$default`); what Lambda refuses before the function runs is refused here too: a request over
// the invocation payload limit (413), and a function that fails answers 502.
import { createServer, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { lambdaEventBytes, maxLambdaEventBytes, newRequestId, toEvent, writeResult } from './gateway.ts';
import { type LoopbackServer, listenOnLoopback, readBody } from './parity/loopback-server.ts';

export interface FunctionUrlOptions {
  /** `route:<name>`, as the function host knows it. */
  readonly functionName: string;
  readonly timeoutMs: number;
  readonly invoke: (
    functionName: string,
    event: APIGatewayProxyEventV2,
    timeoutMs: number,
  ) => Promise<APIGatewayProxyStructuredResultV2>;
}

function answer(response: ServerResponse, status: number, message: string): void {
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ Message: message }));
}

export function startFunctionUrl(options: FunctionUrlOptions): Promise<LoopbackServer> {
  // Stands for the URL id AWS gives it (the host's first label).
  const urlId = options.functionName.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const server = createServer(async (request, response) => {
    const receivedAt = new Date();
    try {
      const body = await readBody(request);
      const event = toEvent(request, body, '$default', undefined, newRequestId(), receivedAt);
      const host = request.headers.host ?? urlId;
      event.requestContext = {
        ...event.requestContext,
        accountId: 'anonymous',
        apiId: urlId,
        domainName: host,
        domainPrefix: host.split('.')[0] ?? urlId,
      };
      if (lambdaEventBytes(event) > maxLambdaEventBytes) {
        answer(
          response,
          413,
          `Request must be smaller than ${maxLambdaEventBytes} bytes for the InvokeFunction operation`,
        );
        return;
      }
      writeResult(response, await options.invoke(options.functionName, event, options.timeoutMs));
    } catch (error) {
      process.stderr.write(`function URL ${options.functionName}: ${(error as Error).stack ?? error}\n`);
      if (!response.headersSent) answer(response, 502, 'Internal Server Error');
      else response.end();
    }
  });
  server.keepAliveTimeout = 5000;
  return listenOnLoopback(server);
}
