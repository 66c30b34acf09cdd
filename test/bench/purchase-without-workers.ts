// Run by bench.ts in a child process, after the main stack has stopped: the purchase cells
// again, on a stack whose SQS event sources are off (pollersPerQueue: 0) and whose handlers send
// each job to its queue rather than invoke its worker (the job's SQS send instead of Lambda's
// Invoke: the same kind of call for the handler). Locally the
// instruction worker that every purchase starts shares DynamoDB Local and this one event loop
// with the gateway; in AWS it runs in its own Lambda. This separates the handler's own cost
// from that co-location. Prints the throughput rows as JSON on stdout.
import { startBenchStack } from './bench-stack.ts';
import { measureThroughput } from './throughput.ts';

const [requestsAtOne, requestsAtMany, ...concurrencies] = process.argv.slice(2).map(Number);
const bench = await startBenchStack({ pollersPerQueue: 0, invokeWorkers: false });
try {
  const rows = await measureThroughput(bench.api, {
    only: ['POST /transactions/v2/purchase'],
    concurrencies,
    requestsAt: (concurrency) => (concurrency === 1 ? requestsAtOne! : requestsAtMany!),
    timeCapMs: 20_000,
    dynamoEndpoint: bench.stack.dynamoEndpoint,
    tableName: bench.stack.tableName,
    load: bench.load,
    counter: bench.counter,
    runId: `bench-noworkers-${Date.now().toString(36)}`,
    apiScope: 'api',
    progress: (message) => process.stderr.write(`[bench, workers off] ${message}\n`),
  });
  process.stdout.write(JSON.stringify(rows.map((row) => ({ ...row, call: `${row.call} (workers off)` }))));
} finally {
  await bench.stop();
}
process.exit(0);
