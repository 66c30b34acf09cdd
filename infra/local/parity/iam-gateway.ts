// Stands between the functions and the local AWS emulators, as IAM stands in front of AWS: each
// request's signing key names the function that made it, every authorization the request needs
// is decided against that function's synthesized policy, and a denied request is answered the
// way the service answers it (AccessDeniedException / AccessDenied, same HTTP status). Requests
// signed with the operator's key (tests, the CLI, the local stack itself) pass unchecked.
import { createServer, request as httpRequest, type Server } from 'node:http';
import {
  type Authorization,
  type AwsRequest,
  type AwsService,
  accessKeyIdOf,
  authorizationsOf,
} from './authorization-requests.ts';
import { localAccountId } from './cfn-intrinsics.ts';
import { type LoopbackServer, listenOnLoopback, readBody } from './loopback-server.ts';
import type { PolicyEvaluator } from './policy-evaluator.ts';

export interface IamCaller {
  readonly functionName: string;
  readonly roleName: string;
  readonly evaluator: PolicyEvaluator;
}

export interface IamGatewayOptions {
  readonly service: AwsService;
  /** The emulator behind it. */
  readonly upstream: string;
  /** Function callers by access key id; other keys are the operator's. */
  readonly callers: ReadonlyMap<string, IamCaller>;
  /** Off: every request passes (for debugging only). */
  readonly enforce: boolean;
  readonly keyArnOf: (keyId: string | undefined) => string;
  /** Fault injection: runs before an allowed request is passed on (e.g. a rival writer's change). */
  readonly beforeForward?: (request: AwsRequest) => Promise<void>;
  /** Fault injection: an answer to send instead of the emulator's (e.g. the service's throttling error). */
  readonly answerInstead?: (request: AwsRequest) => AwsAnswer | undefined;
  /** Told of each request passed on, once its answer has been sent back (request counting). */
  readonly onForwarded?: (caller: IamCaller | undefined, request: AwsRequest, elapsedMs: number) => void;
  /** Told of each denial (the local stack prints it: a missing grant should be obvious). */
  readonly onDenied?: (caller: IamCaller, authorization: Authorization) => void;
}

export type IamGateway = LoopbackServer;

/** An answer in place of the emulator's, as the service would send it. */
export interface AwsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function deniedMessage(caller: IamCaller, authorization: Authorization): string {
  return `User: arn:aws:sts::${localAccountId}:assumed-role/${caller.roleName}/${caller.functionName} is not authorized to perform: ${authorization.action} on resource: ${authorization.resource} because no identity-based policy allows the ${authorization.action} action`;
}

/** The service's own error shape for an access denial. */
export function accessDenied(
  service: AwsService,
  message: string,
): { status: number; headers: Record<string, string>; body: string } {
  switch (service) {
    case 'dynamodb':
      return {
        status: 400,
        headers: { 'content-type': 'application/x-amz-json-1.0' },
        body: JSON.stringify({ __type: 'com.amazon.coral.service#AccessDeniedException', Message: message }),
      };
    case 'kms':
      return {
        status: 400,
        headers: { 'content-type': 'application/x-amz-json-1.1' },
        body: JSON.stringify({ __type: 'AccessDeniedException', message }),
      };
    case 'sqs':
      return {
        status: 403,
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amzn-query-error': 'AccessDenied;Sender',
        },
        body: JSON.stringify({ __type: 'com.amazon.coral.access#AccessDeniedException', message }),
      };
    case 'lambda':
      return {
        status: 403,
        headers: { 'content-type': 'application/json', 'x-amzn-errortype': 'AccessDeniedException' },
        body: JSON.stringify({ Type: 'User', Message: message }),
      };
    case 's3':
      return {
        status: 403,
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>${message.replace(/[<>&]/g, '')}</Message></Error>`,
      };
  }
}

export function startIamGateway(options: IamGatewayOptions): Promise<IamGateway> {
  const upstream = new URL(options.upstream);
  const server: Server = createServer(async (incoming, outgoing) => {
    try {
      const body = await readBody(incoming);
      const awsRequest: AwsRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body,
      };
      const caller = options.callers.get(accessKeyIdOf(awsRequest) ?? '');
      if (caller && options.enforce) {
        for (const authorization of authorizationsOf(options.service, awsRequest, options)) {
          const decision = await caller.evaluator.decide(authorization);
          if (!decision.allowed) {
            options.onDenied?.(caller, authorization);
            const denial = accessDenied(options.service, deniedMessage(caller, authorization));
            outgoing.writeHead(denial.status, { ...denial.headers, 'x-amzn-requestid': 'local-iam' });
            outgoing.end(denial.body);
            return;
          }
        }
      }
      await options.beforeForward?.(awsRequest);
      const injected = options.answerInstead?.(awsRequest);
      if (injected) {
        outgoing.writeHead(injected.status, { ...injected.headers, 'x-amzn-requestid': 'local-injected' });
        outgoing.end(injected.body);
        return;
      }
      const startedAt = performance.now();
      const forwarded = httpRequest(
        {
          hostname: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (response) => {
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(outgoing);
          response.on('end', () => options.onForwarded?.(caller, awsRequest, performance.now() - startedAt));
        },
      );
      // A caller that gives up (its own timeout) must not leave the upstream call hanging.
      outgoing.on('close', () => forwarded.destroy());
      forwarded.on('error', () => {
        // The emulator is down (or a test took it down): the caller sees a dropped connection.
        outgoing.destroy();
      });
      forwarded.end(body);
    } catch {
      outgoing.destroy();
    }
  });
  server.keepAliveTimeout = 5000;
  return listenOnLoopback(server);
}
