// A small HTTP client for the smoke run: Basic auth with the given key, JSON in and out, and a
// poll with a deadline for work the service finishes asynchronously.

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: the answer of a remote stage, untyped until a step checks the fields it reads
  readonly body: any;
}

export interface SmokeClient {
  call(method: string, path: string, body?: unknown, options?: { auth?: boolean }): Promise<Reply>;
}

export function smokeClient(baseUrl: string, secretKey: string): SmokeClient {
  const root = baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`secret:${secretKey}`).toString('base64')}`;
  return {
    async call(method, path, body, options = {}) {
      const headers: Record<string, string> = {};
      if (options.auth !== false) headers.authorization = authorization;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${root}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // An HTML page: keep the text.
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
  };
}

/** Reads until `done` holds; fails with the last answer when the deadline passes. */
export async function pollUntil(
  read: () => Promise<Reply>,
  done: (reply: Reply) => boolean,
  what: string,
  timeoutMs: number,
): Promise<Reply> {
  const deadline = Date.now() + timeoutMs;
  let delayMs = 200;
  for (;;) {
    const reply = await read();
    if (done(reply)) return reply;
    if (Date.now() + delayMs > deadline)
      throw new Error(
        `${what}: not after ${Math.round(timeoutMs / 1000)} s (last answer ${describe(reply)})`,
      );
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    delayMs = Math.min(delayMs * 2, 2000);
  }
}

/** Status and a short body, for failure messages. */
export function describe(reply: Reply): string {
  const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  return `${reply.status} ${(body ?? '').slice(0, 300)}`;
}

export function expectStatus(reply: Reply, status: number, what: string): void {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${describe(reply)}`);
  if (!reply.headers.get('x-request-id')) throw new Error(`${what}: no x-request-id header`);
}
