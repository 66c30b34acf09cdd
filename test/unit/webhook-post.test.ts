import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postWebhook, WEBHOOK_USER_AGENT } from '../../shared/webhooks/post-webhook.ts';
import type { Resolver } from '../../shared/webhooks/ssrf-guard.ts';

type Received = { path: string; headers: IncomingMessage['headers']; body: string };

let server: Server;
let base: string;
let port: number;
let connections = 0;
let received: Received[] = [];

const routes: Record<string, (res: ServerResponse) => void> = {
  '/ok': (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks'),
  '/no-content': (res) => res.writeHead(204).end(),
  '/error': (res) => res.writeHead(500).end('boom'),
  '/gone': (res) => res.writeHead(410).end('unsubscribed'),
  '/redirect': (res) => res.writeHead(302, { location: '/ok' }).end(),
  '/slow': () => {
    // never answers
  },
  '/slow-body': (res) => {
    res.writeHead(200);
    res.write('partial');
  },
  '/huge': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('x'.repeat(1024 * 1024));
  },
  '/multibyte': (res) => res.writeHead(200).end('ñ'.repeat(10)),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      (routes[path] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  connections = 0;
});

const body = JSON.stringify({
  id: 'evt_1',
  type: 'cashin.paid',
  createdAt: '2026-01-01T00:00:00.000Z',
  data: { status: 'PAID', note: 'ação' },
});
const signature = {
  'webhook-id': 'evt_1',
  'webhook-timestamp': '1767225600',
  'webhook-signature': 'v1,abc=',
};

describe('postWebhook against a local server', () => {
  it('POSTs the body with JSON content type, user agent and the given headers; 2xx is ok', async () => {
    const result = await postWebhook({
      url: `${base}/ok?merchant=7`,
      body,
      headers: signature,
      allowInsecure: true,
    });
    expect(result).toMatchObject({ ok: true, statusCode: 200, responseSnippet: 'thanks' });
    expect(result.error).toBeUndefined();
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.body).toBe(body);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(request?.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    expect(request?.headers['webhook-id']).toBe('evt_1');
    expect(request?.headers['webhook-signature']).toBe('v1,abc=');
  });

  it('treats 204 as ok without a snippet', async () => {
    const result = await postWebhook({ url: `${base}/no-content`, body, headers: {}, allowInsecure: true });
    expect(result).toMatchObject({ ok: true, statusCode: 204 });
    expect(result.responseSnippet).toBeUndefined();
  });

  it('reports 500 as not ok with the status and response snippet', async () => {
    const result = await postWebhook({ url: `${base}/error`, body, headers: {}, allowInsecure: true });
    expect(result).toMatchObject({
      ok: false,
      statusCode: 500,
      failure: 'http-status',
      error: 'HTTP 500',
      responseSnippet: 'boom',
    });
  });

  it('reports 410 as not ok', async () => {
    const result = await postWebhook({ url: `${base}/gone`, body, headers: {}, allowInsecure: true });
    expect(result).toMatchObject({ ok: false, statusCode: 410, failure: 'http-status' });
  });

  it('does not follow a 302', async () => {
    const result = await postWebhook({ url: `${base}/redirect`, body, headers: {}, allowInsecure: true });
    expect(result).toMatchObject({ ok: false, statusCode: 302, failure: 'http-status' });
    expect(result.error).toContain('redirect');
    expect(received.map((r) => r.path)).toEqual(['/redirect']);
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    const result = await postWebhook({
      url: `${base}/slow`,
      body,
      headers: {},
      allowInsecure: true,
      timeoutMs: 200,
    });
    expect(result).toMatchObject({ ok: false, failure: 'timeout' });
    expect(result.statusCode).toBeUndefined();
    expect(result.error).toContain('200 ms');
    // It waited for the timeout; that it did not wait for ever is the test's own timeout.
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
  });

  it('keeps the status when only the body is slow', async () => {
    const result = await postWebhook({
      url: `${base}/slow-body`,
      body,
      headers: {},
      allowInsecure: true,
      timeoutMs: 200,
    });
    // The body never ends: answering at all shows the read stopped at the timeout.
    expect(result).toMatchObject({ ok: true, statusCode: 200, responseSnippet: 'partial' });
  });

  it('reads at most maxResponseBytes of a huge response', async () => {
    const result = await postWebhook({ url: `${base}/huge`, body, headers: {}, allowInsecure: true });
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    expect(result.responseSnippet).toBe('x'.repeat(4096));
    const small = await postWebhook({
      url: `${base}/huge`,
      body,
      headers: {},
      allowInsecure: true,
      maxResponseBytes: 10,
    });
    expect(small.responseSnippet).toBe('x'.repeat(10));
  });

  it('counts the byte limit in bytes, not characters', async () => {
    const result = await postWebhook({
      url: `${base}/multibyte`,
      body,
      headers: {},
      allowInsecure: true,
      maxResponseBytes: 6,
    });
    expect(Buffer.byteLength(result.responseSnippet ?? '', 'utf8')).toBeLessThanOrEqual(6);
    expect(result.responseSnippet).toBe('ñññ');
  });

  it('returns a network error, without throwing, when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await postWebhook({
      url: `http://127.0.0.1:${closedPort}/ok`,
      body,
      headers: {},
      allowInsecure: true,
    });
    expect(result).toMatchObject({ ok: false, failure: 'network' });
    expect(result.error).toContain('ECONNREFUSED');
    expect(result.statusCode).toBeUndefined();
  });

  it('connects only to the addresses the guard resolved (the host is resolved once)', async () => {
    let lookups = 0;
    const resolve: Resolver = async () => {
      lookups += 1;
      return ['127.0.0.1'];
    };
    // webhook-receiver.invalid resolves nowhere; reaching the server proves the pinned lookup is used.
    const result = await postWebhook({
      url: `http://webhook-receiver.invalid:${port}/ok`,
      body,
      headers: {},
      allowInsecure: true,
      resolve,
    });
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    expect(lookups).toBe(1);
    expect(received[0]?.headers.host).toBe(`webhook-receiver.invalid:${port}`);
  });

  it('bounds DNS resolution by the timeout', async () => {
    const hanging: Resolver = () => new Promise<string[]>(() => {});
    const result = await postWebhook({
      url: `http://hangs.example:${port}/ok`,
      body,
      headers: {},
      allowInsecure: true,
      resolve: hanging,
      timeoutMs: 100,
    });
    expect(result).toMatchObject({ ok: false, failure: 'timeout' });
    expect(connections).toBe(0);
  });
});

describe('postWebhook with insecure postbacks off', () => {
  it('rejects http://127.0.0.1 before connecting', async () => {
    const result = await postWebhook({ url: `${base}/ok`, body, headers: {}, allowInsecure: false });
    expect(result).toMatchObject({ ok: false, failure: 'undeliverable-url' });
    expect(result.error).toContain('insecure-scheme');
    expect(connections).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('rejects an https URL to a loopback address before connecting', async () => {
    const result = await postWebhook({
      url: `https://127.0.0.1:${port}/ok`,
      body,
      headers: {},
      allowInsecure: false,
    });
    expect(result).toMatchObject({ ok: false, failure: 'undeliverable-url' });
    expect(result.error).toContain('non-public-address');
    expect(connections).toBe(0);
  });

  it('rejects a name that resolves to loopback before connecting', async () => {
    const result = await postWebhook({
      url: `https://rebind.example:${port}/ok`,
      body,
      headers: {},
      allowInsecure: false,
      resolve: async () => ['127.0.0.1'],
    });
    expect(result).toMatchObject({ ok: false, failure: 'undeliverable-url' });
    expect(connections).toBe(0);
  });
});
