// The inside of one local function: a worker thread with the function's own environment and its
// own module graph (config, caches and SDK clients are its alone), which imports the handler
// once, like a Lambda sandbox's init phase, and runs the invocations the host sends it.
import { enableCompileCache, flushCompileCache } from 'node:module';
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
// Every cold start compiles the same SDK and service modules again: V8's code cache on disk
// (os.tmpdir()/node-compile-cache) halves what a cold start costs the host's CPU (0.65 s → 0.35 s
// for a purchase function), which the test suite pays a few hundred times. Lambda has no such
// cache; cold starts are measured by npm run bench, not here.
enableCompileCache();
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
