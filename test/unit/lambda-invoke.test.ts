// The workers' invocation, signed by us (shared/aws/lambda-invoke.ts): the request Lambda's own
// client would send for an `Event` Invoke (signed the same), and Lambda's answers read as Lambda
// gives them.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeAsync } from '../../shared/aws/lambda-invoke.ts';
import { AwsServiceError } from '../../shared/aws/signed-request.ts';
import { signedHeaders } from '../../shared/aws/sigv4.ts';
import { resetProcessConfiguration } from '../../shared/config.ts';

const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let received: Received[] = [];
let answer: { status: number; headers: Record<string, string>; body: string } = {
  status: 202,
  headers: {},
  body: '',
};
const lambda = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => lambda.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    LAMBDA_ENDPOINT: `http://127.0.0.1:${(lambda.address() as AddressInfo).port}`,
  });
  resetProcessConfiguration();
});
afterAll(() => new Promise<void>((resolve) => lambda.close(() => resolve())));

/** Signs again, with ours, over the headers the signer chose: the same Authorization or not. */
function resign(request: { method: string; path: string; headers: Record<string, string> }): string {
  const names = /SignedHeaders=([^,]+)/.exec(request.headers.authorization!)![1]!.split(';');
  const own = new Set(['host', 'x-amz-date', 'x-amz-content-sha256', 'x-amz-security-token']);
  const stamp = request.headers['x-amz-date']!;
  return signedHeaders(
    {
      method: request.method,
      host: request.headers.host!,
      path: request.path,
      headers: Object.fromEntries(
        names.filter((name) => !own.has(name)).map((name) => [name, request.headers[name]!]),
      ),
      payloadHash: request.headers['x-amz-content-sha256']!,
    },
    {
      region: 'us-east-1',
      service: 'lambda',
      credentials,
      date: new Date(
        `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
      ),
    },
  ).authorization!;
}

describe('invokeAsync', () => {
  it("signs an Event Invoke as Lambda's own client does", async () => {
    const captured: Array<{ method: string; path: string; headers: Record<string, string> }> = [];
    const client = new LambdaClient({
      region: 'us-east-1',
      credentials,
      requestHandler: {
        handle: async (request: { method: string; path: string; headers: Record<string, string> }) => {
          captured.push({ ...request, headers: { ...request.headers } });
          return { response: { statusCode: 202, headers: {}, body: Readable.from([]) } };
        },
      } as never,
    });
    await client.send(
      new InvokeCommand({ FunctionName: 'queue-watch-payment', InvocationType: 'Event', Payload: '{"a":1}' }),
    );
    expect(captured[0]!.path).toBe('/2015-03-31/functions/queue-watch-payment/invocations');
    expect(resign(captured[0]!)).toBe(captured[0]!.headers.authorization);
  });

  it("sends the payload to the function's invocations, as an Event, signed for lambda in the region", async () => {
    received = [];
    answer = { status: 202, headers: {}, body: '' };
    const payload = JSON.stringify({ jobInvocation: { queue: 'watch-payment', body: '{"x":"ç"}' } });
    await invokeAsync('Catalog-Workers-WatchPayment', payload);
    const [request] = received;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/2015-03-31/functions/Catalog-Workers-WatchPayment/invocations',
      body: payload,
    });
    expect(request!.headers['x-amz-invocation-type']).toBe('Event');
    expect(request!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/lambda\/aws4_request, SignedHeaders=[^,]*x-amz-invocation-type/,
    );
    const headers = Object.fromEntries(
      Object.entries(request!.headers).map(([name, value]) => [name, String(value)]),
    );
    expect(resign({ method: 'POST', path: request!.path, headers })).toBe(request!.headers.authorization);
  });

  it("rejects with Lambda's error type when it does not take the invocation", async () => {
    answer = {
      status: 429,
      headers: { 'x-amzn-errortype': 'TooManyRequestsException:http://internal.amazon.com/coral/' },
      body: '{"Reason":"ReservedFunctionConcurrentInvocationLimitExceeded"}',
    };
    const refused = await invokeAsync('queue-watch-payment', '{}').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AwsServiceError);
    expect(refused).toMatchObject({
      name: 'LambdaInvokeError',
      status: 429,
      code: 'TooManyRequestsException',
    });
  });
});
