// Runs each function of the local stack as Lambda runs it: in a sandbox of its own (a worker
// thread) started on its first invocation, with exactly the environment it was given, kept warm
// for the next ones. Nothing (configuration, caches, SDK clients) is shared between functions or
// with the process that hosts them.
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { repoRoot } from './repo-root.ts';

export interface HostedFunction {
  /** The name logs and errors use (`route:createProduct`, `queue:watch-payment`…). */
  readonly name: string;
  /** Handler module, relative to the repository root. */
  readonly entry: string;
  readonly environment: Readonly<Record<string, string>>;
}

export interface FunctionHost {
  invoke<T = unknown>(name: string, event: unknown, timeoutMs: number): Promise<T>;
  /** The functions that have started (a cold start happened). */
  started(): string[];
  stop(): Promise<void>;
}

/** What a handler threw, rebuilt on this side with its name, message and stack. */
export class FunctionError extends Error {
  constructor(functionName: string, thrown: { name: string; message: string; stack?: string }) {
    super(`${functionName}: ${thrown.message}`);
    this.name = thrown.name;
    if (thrown.stack) this.stack = thrown.stack;
  }
}

const runtime = resolve(repoRoot, 'infra/local/function-runtime-entry.mjs');

interface Sandbox {
  readonly worker: Worker;
  readonly pending: Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>;
}

export function startFunctionHost(functions: ReadonlyMap<string, HostedFunction>): FunctionHost {
  const sandboxes = new Map<string, Sandbox>();
  let nextId = 0;

  const sandboxOf = (name: string): Sandbox => {
    const existing = sandboxes.get(name);
    if (existing) return existing;
    const definition = functions.get(name);
    if (!definition) throw new Error(`no local function named ${name}`);
    const worker = new Worker(runtime, {
      env: { ...definition.environment },
      workerData: { entry: definition.entry, functionName: name },
      stdout: true,
      stderr: true,
    });
    // Through this process's streams, so whoever reads them (a log test) sees every line.
    worker.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
    worker.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    worker.unref();
    const sandbox: Sandbox = { worker, pending: new Map() };
    worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: never }) => {
      const waiting = sandbox.pending.get(id);
      sandbox.pending.delete(id);
      if (error) waiting?.reject(new FunctionError(name, error));
      else waiting?.resolve(result);
    });
    const failAll = (error: unknown) => {
      sandboxes.delete(name);
      for (const waiting of sandbox.pending.values()) waiting.reject(error);
      sandbox.pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`${name}: the function's sandbox exited (${code})`)));
    sandboxes.set(name, sandbox);
    return sandbox;
  };

  return {
    invoke<T>(name: string, event: unknown, timeoutMs: number): Promise<T> {
      const sandbox = sandboxOf(name);
      const id = nextId++;
      return new Promise<T>((resolvePromise, reject) => {
        sandbox.pending.set(id, { resolve: resolvePromise as (value: unknown) => void, reject });
        sandbox.worker.ref();
        sandbox.worker.postMessage({ id, event, timeoutMs });
      }).finally(() => {
        if (sandbox.pending.size === 0) sandbox.worker.unref();
      });
    },
    started: () => [...sandboxes.keys()],
    async stop() {
      const running = [...sandboxes.values()];
      sandboxes.clear();
      await Promise.all(running.map(({ worker }) => worker.terminate()));
    },
  };
}
