// Drives the load worker thread from the main thread: one request spec in, latencies out.
import { Worker } from 'node:worker_threads';
import type { LoadResult, LoadSpec } from './load-worker.ts';

export type { LoadResult, LoadSpec };

export interface HttpLoad {
  run(spec: LoadSpec): Promise<LoadResult>;
  close(): Promise<void>;
}

export function startHttpLoad(): HttpLoad {
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url));
  const pending = new Map<
    number,
    { resolve: (result: LoadResult) => void; reject: (error: Error) => void }
  >();
  let nextId = 0;
  worker.on('message', (message: { id: number; result?: LoadResult; error?: string }) => {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.result!);
  });
  worker.on('error', (error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  });
  return {
    run(spec) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, spec });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
