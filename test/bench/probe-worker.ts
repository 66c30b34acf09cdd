// The worker of the bench's own probe queue: records how long each message waited between
// being sent and reaching a worker, i.e. the local event source's pickup latency under load.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

export const pickupLagsMs: number[] = [];

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const now = Date.now();
  for (const record of event.Records) pickupLagsMs.push(now - Number(record.attributes.SentTimestamp));
  return { batchItemFailures: [] };
};
