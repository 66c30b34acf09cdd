// A worker for the event-source test: fails the first delivery of every message that asks for
// it, succeeds otherwise, and records each delivery where the test can read it.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

interface Delivery {
  body: string;
  receiveCount: number;
  messageId: string;
}
const shared = globalThis as { __deliveries?: Delivery[] };
shared.__deliveries ??= [];
const state = shared.__deliveries;

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const receiveCount = Number(record.attributes.ApproximateReceiveCount);
    state.push({ body: record.body, receiveCount, messageId: record.messageId });
    const { failTimes } = JSON.parse(record.body) as { failTimes: number };
    if (receiveCount <= failTimes) batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
};

export function deliveries(): Delivery[] {
  return state;
}
