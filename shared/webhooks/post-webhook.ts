// One webhook HTTP attempt. Built on node:http/https rather than fetch because the socket must
// connect only to the addresses the SSRF guard approved: a custom `lookup` answers with those
// addresses, so the host is resolved exactly once and a DNS-rebinding host cannot switch to an
// internal address between the check and the connection. TLS still verifies the certificate
// against the URL's host name (SNI and checkServerIdentity use the host, not the address).
// Redirects are never followed (a 3xx is a failed attempt), at most `maxResponseBytes` of the
// response are read, and the whole attempt (DNS included) is bounded by `timeoutMs`.
// Network problems are results, not exceptions: the caller records every attempt.
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { assertDeliverableUrl, type Resolver, UndeliverableUrlError } from './ssrf-guard.ts';

export const WEBHOOK_USER_AGENT = 'CatalogCashin-Webhooks/1.0 (+https://www.standardwebhooks.com)';

export type PostWebhookInput = {
  url: string;
  body: string;
  /** Usually the signature headers; content-type, content-length and user-agent are set here. */
  headers: Readonly<Record<string, string>>;
  timeoutMs?: number;
  maxResponseBytes?: number;
  allowInsecure: boolean;
  resolve?: Resolver;
};

/** Why an attempt failed: the URL was refused, no answer in time, the connection failed, or a non-2xx status. */
export type PostWebhookFailure = 'undeliverable-url' | 'timeout' | 'network' | 'http-status';

export type PostWebhookResult = {
  ok: boolean;
  statusCode?: number;
  error?: string;
  failure?: PostWebhookFailure;
  durationMs: number;
  /** The first `maxResponseBytes` of the response body (UTF-8), when it had one. */
  responseSnippet?: string;
};

type Outcome = Omit<PostWebhookResult, 'durationMs'>;

class DeadlineExceeded extends Error {}

export async function postWebhook(input: PostWebhookInput): Promise<PostWebhookResult> {
  const { url, body, headers, timeoutMs = 10_000, maxResponseBytes = 4096, allowInsecure, resolve } = input;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let addresses: string[];
  try {
    addresses = await withDeadline(
      assertDeliverableUrl(url, resolve ? { allowInsecure, resolve } : { allowInsecure }),
      timeoutMs,
    );
  } catch (error) {
    if (error instanceof UndeliverableUrlError) {
      return {
        ok: false,
        failure: 'undeliverable-url',
        error: `${error.reason}: ${error.message}`,
        durationMs: elapsed(),
      };
    }
    if (error instanceof DeadlineExceeded) return { ...timedOut(timeoutMs), durationMs: elapsed() };
    return { ok: false, failure: 'network', error: describe(error), durationMs: elapsed() };
  }
  const remainingMs = Math.max(1, timeoutMs - (performance.now() - started));
  const outcome = await send({
    url: new URL(url),
    addresses,
    body,
    headers,
    remainingMs,
    timeoutMs,
    maxResponseBytes,
  });
  return { ...outcome, durationMs: elapsed() };
}

type SendInput = {
  url: URL;
  addresses: string[];
  body: string;
  headers: Readonly<Record<string, string>>;
  remainingMs: number;
  timeoutMs: number;
  maxResponseBytes: number;
};

function send({
  url,
  addresses,
  body,
  headers,
  remainingMs,
  timeoutMs,
  maxResponseBytes,
}: SendInput): Promise<Outcome> {
  return new Promise<Outcome>((settle) => {
    let settled = false;
    let statusCode: number | undefined;
    const chunks: Buffer[] = [];
    let received = 0;

    const statusOutcome = (): Outcome => {
      const code = statusCode ?? 0;
      const ok = code >= 200 && code < 300;
      const snippet = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
      const outcome: Outcome = { ok, statusCode: code };
      if (!ok) {
        outcome.failure = 'http-status';
        outcome.error =
          code >= 300 && code < 400 ? `HTTP ${code} (redirects are not followed)` : `HTTP ${code}`;
      }
      if (snippet !== undefined) outcome.responseSnippet = snippet;
      return outcome;
    };
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      settle(outcome);
    };

    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': WEBHOOK_USER_AGENT,
      },
      agent: false, // a fresh connection per attempt: nothing pooled outlives the pinned lookup
      lookup: pinnedLookup(addresses),
    });

    // Once the status line is in, the receiver has answered: a slow body only shortens the snippet.
    const timer = setTimeout(
      () => finish(statusCode === undefined ? timedOut(timeoutMs) : statusOutcome()),
      remainingMs,
    );

    request.on('response', (response) => {
      statusCode = response.statusCode;
      if (maxResponseBytes <= 0) return finish(statusOutcome());
      response.on('data', (chunk: Buffer) => {
        const room = maxResponseBytes - received;
        if (room > 0) {
          const kept = chunk.subarray(0, room);
          chunks.push(kept);
          received += kept.length;
        }
        if (received >= maxResponseBytes) finish(statusOutcome());
      });
      response.on('error', () => finish(statusOutcome()));
      response.on('close', () => finish(statusOutcome()));
    });
    request.on('error', (error) =>
      finish(
        statusCode === undefined
          ? { ok: false, failure: 'network', error: describe(error) }
          : statusOutcome(),
      ),
    );
    request.end(body);
  });
}

/** A `lookup` that never asks DNS: it answers with the addresses the guard already approved. */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (hostname, options, callback) => {
    const wanted =
      options.family === 4 || options.family === 'IPv4'
        ? 4
        : options.family === 6 || options.family === 'IPv6'
          ? 6
          : 0;
    const usable = wanted === 0 ? entries : entries.filter((entry) => entry.family === wanted);
    const first = usable[0];
    if (first === undefined) {
      const error: NodeJS.ErrnoException = new Error(`no approved IPv${wanted} address for ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, '');
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  };
}

function timedOut(timeoutMs: number): Outcome {
  return { ok: false, failure: 'timeout', error: `no response within ${timeoutMs} ms` };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
