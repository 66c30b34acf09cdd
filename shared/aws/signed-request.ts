// One request the service signs itself (sigv4.ts) instead of loading an SDK client for it, sent
// over a kept-alive connection with a bound on its time: the plumbing under the S3 object writes
// (s3-objects.ts) and the workers' invocations (lambda-invoke.ts).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { onConfigurationReset, requireEnv } from '../config.ts';
import type { AwsCredentials } from './sigv4.ts';

let agents: { http: HttpAgent; https: HttpsAgent } | undefined;
onConfigurationReset(() => {
  agents?.http.destroy();
  agents?.https.destroy();
  agents = undefined;
});

/** Lambda's (and the local stack's) credentials: its role's, in the environment. */
export function environmentCredentials(): AwsCredentials {
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return {
    accessKeyId: requireEnv('AWS_ACCESS_KEY_ID'),
    secretAccessKey: requireEnv('AWS_SECRET_ACCESS_KEY'),
    ...(sessionToken ? { sessionToken } : {}),
  };
}

/** What an AWS service answered when it did not do what it was asked: its HTTP status and error code. */
export class AwsServiceError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(name: string, status: number, code: string | undefined, message: string) {
    super(message);
    this.name = name;
    this.status = status;
    this.code = code;
  }
}

export interface SignedAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
}

/** Sends an already signed request; rejects on a dropped connection or once `timeoutMs` is spent. */
export function sendSigned(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: Uint8Array | undefined,
  timeoutMs: number,
): Promise<SignedAnswer> {
  agents ??= { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const secure = url.protocol === 'https:';
  const request = secure ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method,
        headers: body ? { ...headers, 'content-length': String(body.byteLength) } : headers,
        agent: secure ? agents!.https : agents!.http,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
