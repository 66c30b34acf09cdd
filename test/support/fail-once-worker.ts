// A worker for the event-source test: fails the first delivery of every message that asks for
// it, succeeds otherwise, and records each delivery as a JSON line in the file DELIVERY_LOG names
// (it runs in its own sandbox, so the test reads what it did from there).
import { appendFileSync } from 'node:fs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { requireEnv } from '../../shared/config.ts';

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const receiveCount = Number(record.attributes.ApproximateReceiveCount);
    appendFileSync(
      requireEnv('DELIVERY_LOG'),
      `${JSON.stringify({ body: record.body, receiveCount, messageId: record.messageId })}\n`,
    );
    const { failTimes } = JSON.parse(record.body) as { failTimes: number };
    if (receiveCount <= failTimes) batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
};
