// The webhook's first attempt is made by the function that found the payment, on the event it
// has just written; when that function has no room left for the POST, or the attempt cannot
// start, the event goes to the delivery queue (issue 27, item 10). The payment is recorded here
// (recordPayment, the payment worker's and listing jobs' own step) against the shared stack,
// whose delivery worker takes the queued job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceConfig } from '../../shared/config.ts';
import { getTransaction } from '../../shared/store/transactions.ts';
import { recordPayment } from '../../shared/transactions/record-payment.ts';
import type { TransactionRecord } from '../../shared/transactions/transaction.ts';
import { call, createKey, pollUntil } from '../support/api.ts';
import { copBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let receiver: WebhookReceiver;
let key: string;
let accountId: string;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ secretKey: key, accountId } = await createKey(['createTransaction'], { postbackUrl: receiver.url }));
});
afterAll(async () => {
  await receiver.close();
});

async function pendingTransaction(): Promise<TransactionRecord> {
  const created = await call('POST', '/transactions/v2/purchase', { key, body: copBody() });
  expect(created.status).toBe(201);
  const filled = await pollUntil(
    () => getTransaction(accountId, created.body.id, true),
    (tx) => Boolean(tx?.instructionFilledAt),
    15_000,
    50,
  );
  expect(filled?.status).toBe('PENDING');
  return filled!;
}

/** The event once its delivery ended, as the API lists it. */
const deliveredEvent = (transactionId: string) =>
  pollUntil(
    async () => (await call('GET', `/transactions/${transactionId}/events`, { key })).body.data[0],
    (event) => event?.deliveryStatus === 'DELIVERED',
    15_000,
    50,
  );

/**
 * The attempt came from the queued job: the event was written with an owner mark a sweep grace
 * ahead, so the sweeper cannot have started it before then.
 */
function madeBeforeTheSweeperCould(attemptAt: string, paidAt: Date) {
  expect(Date.parse(attemptAt)).toBeLessThan(paidAt.getTime() + serviceConfig().sweepAfterMs);
}

describe('the first webhook attempt falls back to the delivery queue', () => {
  it('when the function that found the payment has no room left for the POST', async () => {
    const tx = await pendingTransaction();
    let inlineAttempts = 0;
    const now = new Date();
    const recorded = await recordPayment(tx, { paidAt: now.toISOString() }, now, {
      // A second left: less than the POST's timeout and its record need.
      endBy: Date.now() + 1000,
      deliver: () => {
        inlineAttempts++;
        return Promise.resolve('delivered');
      },
    });
    expect(recorded).toBe(true);
    const event = await deliveredEvent(tx.id);
    expect(event?.deliveryStatus).toBe('DELIVERED');
    expect(inlineAttempts).toBe(0);
    expect(event.attempts).toHaveLength(1);
    madeBeforeTheSweeperCould(event.attempts[0].at, now);
    expect(receiver.received.filter((entry) => JSON.parse(entry.body).data?.id === tx.id)).toHaveLength(1);
  });

  it('when the attempt made there cannot start', async () => {
    const tx = await pendingTransaction();
    let inlineAttempts = 0;
    const now = new Date();
    const recorded = await recordPayment(tx, { paidAt: now.toISOString() }, now, {
      endBy: Date.now() + 60_000,
      deliver: () => {
        inlineAttempts++;
        // As when the signing secrets cannot be opened (KMS out of reach) before any POST.
        return Promise.reject(new Error('KMS unreachable'));
      },
    });
    expect(recorded).toBe(true);
    const event = await deliveredEvent(tx.id);
    expect(event?.deliveryStatus).toBe('DELIVERED');
    expect(inlineAttempts).toBe(1);
    expect(event.attempts).toHaveLength(1);
    madeBeforeTheSweeperCould(event.attempts[0].at, now);
    expect(receiver.received.filter((entry) => JSON.parse(entry.body).data?.id === tx.id)).toHaveLength(1);
  });
});
