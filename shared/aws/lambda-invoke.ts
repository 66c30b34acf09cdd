// An asynchronous invocation (`Event`) of a function through Lambda's Invoke API, signed here
// (sigv4.ts) and sent over a kept-alive connection: the one Lambda call the service makes,
// without the Lambda client's ~74 KB in every function that sends a job. One attempt of at most
// 1.5 s: the caller's fallback (the job's queue) is its retry.
import { awsConfig } from '../config.ts';
import { AwsServiceError, environmentCredentials, sendSigned } from './signed-request.ts';
import { sha256Hex, signedHeaders, uriEncode } from './sigv4.ts';

const attemptTimeoutMs = 1500;

/** Lambda's endpoint: the emulator's locally, else the region's. */
function invocationsUrl(functionName: string): URL {
  const { region, lambdaEndpoint } = awsConfig();
  const base = lambdaEndpoint?.replace(/\/$/, '') ?? `https://lambda.${region}.amazonaws.com`;
  return new URL(`${base}/2015-03-31/functions/${uriEncode(functionName, false)}/invocations`);
}

/** Queues `payload` (JSON) for `functionName`; resolves once Lambda has accepted it (202). */
export async function invokeAsync(functionName: string, payload: string): Promise<void> {
  const url = invocationsUrl(functionName);
  const body = new TextEncoder().encode(payload);
  const headers = signedHeaders(
    {
      method: 'POST',
      host: url.host,
      path: url.pathname,
      headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'Event' },
      payloadHash: sha256Hex(body),
    },
    {
      region: awsConfig().region,
      service: 'lambda',
      credentials: environmentCredentials(),
      date: new Date(),
    },
  );
  const answer = await sendSigned('POST', url, headers, body, attemptTimeoutMs);
  if (answer.status === 202) return;
  const type = String(answer.headers['x-amzn-errortype'] ?? '').split(':')[0] || undefined;
  // `code`: Lambda's error type (`TooManyRequestsException`, `AccessDeniedException`…).
  throw new AwsServiceError(
    'LambdaInvokeError',
    answer.status,
    type,
    `Lambda Invoke ${functionName}: HTTP ${answer.status}${type ? ` ${type}` : ''}`,
  );
}
