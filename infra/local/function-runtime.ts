// The inside of one local function: a worker thread with the function's own environment and its
// own module graph (config, caches and SDK clients are its alone), which imports the handler
// once, like a Lambda sandbox's init phase, and runs the invocations the host sends it. Started by
// function-runtime-entry.mjs, which turns the compile cache on first.
import { flushCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { lambdaContext } from './lambda-context.ts';
import { loadHandler } from './repo-root.ts';

interface Invocation {
  readonly id: number;
  readonly event: unknown;
  readonly timeoutMs: number;
}

const { entry, functionName } = workerData as { entry: string; functionName: string };
type Handler = (event: unknown, context: ReturnType<typeof lambdaContext>) => Promise<unknown>;
const handler = loadHandler<Handler>(entry);
// An init error is reported with each invocation, as Lambda does; it must not crash the thread.
// Written once loaded, not when the thread ends: the next function's cold start reads it.
handler.then(() => flushCompileCache()).catch(() => undefined);

parentPort!.on('message', async ({ id, event, timeoutMs }: Invocation) => {
  try {
    const result = await (await handler)(event, lambdaContext(functionName, timeoutMs));
    parentPort!.postMessage({ id, result });
  } catch (error) {
    const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
    parentPort!.postMessage({ id, error: { name, message, stack } });
  }
});
