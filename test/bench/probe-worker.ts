// The worker of the bench's own probe queue: records how long each message waited between
// being sent and reaching a worker, i.e. the local event source's pickup latency under load.
// The worker runs in a sandbox of its own (a worker thread, infra/local/function-host.ts), so it
// tells the bench through a BroadcastChannel rather than through a module's memory.
import { BroadcastChannel } from 'node:worker_threads';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

const channelName = 'cashin-bench-probe-pickup';

let sender: BroadcastChannel | undefined;

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const now = Date.now();
  if (!sender) {
    sender = new BroadcastChannel(channelName);
    sender.unref();
  }
  for (const record of event.Records) sender.postMessage(now - Number(record.attributes.SentTimestamp));
  return { batchItemFailures: [] };
};

/** The pickup lags the probe worker reports, as they arrive; `close` stops listening. */
export function collectPickupLags(): { lagsMs: number[]; close(): void } {
  const lagsMs: number[] = [];
  const receiver = new BroadcastChannel(channelName);
  receiver.unref();
  receiver.onmessage = (message) => {
    lagsMs.push(Number((message as { data: unknown }).data));
  };
  return { lagsMs, close: () => receiver.close() };
}
