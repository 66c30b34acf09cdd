// The HTTP load generator, in a worker thread so that its own request and response handling
// does not run on the event loop that serves the gateway and the handlers it measures.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

export interface LoadSpec {
  baseUrl: string;
  method: string;
  /** `{id}` is replaced by `ids[i % ids.length]`. */
  path: string;
  ids?: string[];
  headers: Record<string, string>;
  /** JSON body; `externalIdPrefix` makes `externalId` unique per request. */
  body?: Record<string, unknown>;
  externalIdPrefix?: string;
  requests: number;
  concurrency: number;
  timeCapMs: number;
  expectStatus: number;
}

export interface LoadResult {
  latenciesMs: number[];
  elapsedMs: number;
  statuses: Record<string, number>;
  firstUnexpected?: string;
  cappedAt?: number;
  /** Share of the cell the load generator's own thread was busy (it competes for the same cores). */
  generatorBusy?: number;
}

function send(agent: Agent, spec: LoadSpec, index: number): Promise<{ status: number; text: string }> {
  const url = new URL(spec.path.replace('{id}', spec.ids?.[index % spec.ids.length] ?? ''), spec.baseUrl);
  const payload = spec.body
    ? JSON.stringify(
        spec.externalIdPrefix ? { ...spec.body, externalId: `${spec.externalIdPrefix}-${index}` } : spec.body,
      )
    : undefined;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: spec.method,
        agent,
        headers: {
          ...spec.headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency });
  const latenciesMs: number[] = [];
  const statuses: Record<string, number> = {};
  let firstUnexpected: string | undefined;
  let next = 0;
  const busyFrom = performance.eventLoopUtilization();
  const started = performance.now();
  const deadline = started + spec.timeCapMs;
  const lane = async () => {
    while (next < spec.requests && performance.now() < deadline) {
      const index = next++;
      const sent = performance.now();
      try {
        const { status, text } = await send(agent, spec, index);
        latenciesMs.push(performance.now() - sent);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== spec.expectStatus) firstUnexpected ??= `${status} ${text.slice(0, 300)}`;
      } catch (error) {
        statuses.error = (statuses.error ?? 0) + 1;
        firstUnexpected ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, lane));
  const elapsedMs = performance.now() - started;
  const generatorBusy = performance.eventLoopUtilization(busyFrom).utilization;
  agent.destroy();
  return {
    latenciesMs,
    elapsedMs,
    statuses,
    generatorBusy,
    ...(firstUnexpected ? { firstUnexpected } : {}),
    ...(next < spec.requests ? { cappedAt: next } : {}),
  };
}

parentPort?.on('message', (message: { id: number; spec: LoadSpec }) => {
  run(message.spec).then(
    (result) => parentPort!.postMessage({ id: message.id, result }),
    (error: Error) => parentPort!.postMessage({ id: message.id, error: error.message }),
  );
});
