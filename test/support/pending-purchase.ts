// A COP purchase written to the store as POST /transactions/v2/purchase writes it, but without
// enqueuing its instruction job: it stays PENDING without an instruction until the test fills it,
// or a sweep does once `instructionDueAt` has passed. Through the API, the stack's worker races
// the test to fill it.
import { expect } from 'vitest';
import { newPageToken, newTransactionId } from '../../shared/ids.ts';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { insertTransaction } from '../../shared/store/transactions.ts';
import { newTransactionRecord, type TransactionRecord } from '../../shared/transactions/transaction.ts';
import { copBody } from './purchase-fixtures.ts';

export async function insertPendingPurchase(input: {
  accountId: string;
  instructionDueAt: Date;
  now?: Date;
  /** The hosted page's token; by default one made from the id, as purchases make it. */
  pageToken?: string;
}): Promise<TransactionRecord> {
  const now = input.now ?? new Date();
  const id = newTransactionId(now.getTime());
  const record = newTransactionRecord({
    id,
    pageToken: input.pageToken ?? newPageToken(id),
    accountId: input.accountId,
    request: parsePurchaseRequest(copBody(), now),
    costFee: 0,
    accountPostbackUrl: null,
    now,
  });
  expect(await insertTransaction(record, { instructionDueAt: input.instructionDueAt.toISOString() })).toBe(
    'inserted',
  );
  return record;
}
