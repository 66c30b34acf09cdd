// Issue 13 item 8: what DynamoDB on AWS does and DynamoDB Local does not. A purchase write whose
// response is lost and is sent again must not read as "id taken" (a hidden second
// transaction); a transaction that loses races (TransactionConflict) is retried, never a 500.
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { GetCommand, type PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { randomTransactionId } from '../../shared/ids.ts';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { claimIdempotencyKey } from '../../shared/store/idempotency.ts';
import { keys } from '../../shared/store/keys.ts';
import { maxConflictAttempts } from '../../shared/store/transaction-conflicts.ts';
import { getTransaction, insertTransaction, type SendWrite } from '../../shared/store/transactions.ts';
import { getTransactionsById } from '../../shared/store/transactions-by-id.ts';
import { newTransactionRecord } from '../../shared/transactions/transaction.ts';
import { useSharedStore } from '../support/api.ts';
import { copBody } from '../support/purchase-fixtures.ts';

function record(accountId: string, id = randomTransactionId(Date.now()), externalId?: string) {
  const now = new Date();
  return newTransactionRecord({
    id,
    pageToken: `page-${id}-${accountId}`,
    accountId,
    request: parsePurchaseRequest({ ...copBody(), ...(externalId ? { externalId } : {}) }, now),
    costFee: 0,
    accountPostbackUrl: null,
    now,
  });
}

async function reservationOf(transactionId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.transactionIdReservation(transactionId),
      ConsistentRead: true,
    }),
  );
  return Item?.accountId as string | undefined;
}

const options = () => ({ instructionDueAt: new Date(Date.now() + 60_000).toISOString() });

/** The real exception the SDK raises on AWS when the transaction raced another one. */
function conflictError(items: number) {
  return new TransactionCanceledException({
    message:
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict]',
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: Array.from({ length: items }, (_, index) =>
      index === 1
        ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }
        : { Code: 'None' },
    ),
  });
}

describe('purchase write', () => {
  it.each([
    ['with an externalId', `ext-${Date.now()}`],
    ['without one', undefined],
  ])(
    'committed, response lost, sent again (%s): the same write, not a taken id',
    async (_case, externalId) => {
      useSharedStore();
      const tx = record('acc_store-replay', undefined, externalId);
      let sends = 0;
      // Every write (the id's reservation, the details, then the transaction) loses its first response.
      const committedThenResent: SendWrite = async (command) => {
        sends += 1;
        await dynamo().send(command as TransactWriteCommand); // committed; its response is lost on the way back
        sends += 1;
        return dynamo().send(command as TransactWriteCommand); // the SDK's retry of the same request
      };
      expect(await insertTransaction(tx, options(), committedThenResent)).toBe('inserted');
      expect(sends).toBe(6);
      expect((await getTransaction(tx.accountId, tx.id))?.pageToken).toBe(tx.pageToken);
      expect(await reservationOf(tx.id)).toBe(tx.accountId);
    },
  );

  it('reserves the id and writes the details on their own before the transaction, which DynamoDB bills twice per item', async () => {
    useSharedStore();
    const tx = record('acc_store-reserve-first');
    const sent: string[] = [];
    const recording: SendWrite = async (command) => {
      const items = command instanceof TransactWriteCommand ? (command.input.TransactItems ?? []) : [];
      sent.push(
        command instanceof TransactWriteCommand
          ? `transaction of ${items.map((item) => String(item.Put?.Item?.entity ?? 'update')).join(', ')}`
          : String((command.input as { Item?: { entity?: string } }).Item?.entity),
      );
      return dynamo().send(command as TransactWriteCommand);
    };
    expect(await insertTransaction(tx, options(), recording)).toBe('inserted');
    expect(sent.slice(0, 2).toSorted()).toEqual(['transactionDetails', 'transactionIdReservation']);
    expect(sent.slice(2)).toEqual(['transaction of transaction, update']);
  });

  it('a refused transaction takes back the reservation of its id and its details', async () => {
    useSharedStore();
    const externalId = `ext-${randomUUID()}`;
    expect(await insertTransaction(record('acc_store-release', undefined, externalId), options())).toBe(
      'inserted',
    );
    const refused = record('acc_store-release', undefined, externalId);
    expect(await insertTransaction(refused, options())).toBe('external-id-taken');
    expect(await reservationOf(refused.id)).toBeUndefined();
    expect(await getTransaction(refused.accountId, refused.id)).toBeUndefined();
    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.transactionDetails(refused.accountId, refused.id),
        ConsistentRead: true,
      }),
    );
    expect(Item).toBeUndefined();
  });

  it('another write with the same id, in this account or another, is refused as id-taken', async () => {
    useSharedStore();
    const first = record('acc_store-one');
    expect(await insertTransaction(first, options())).toBe('inserted');
    expect(await insertTransaction({ ...first, pageToken: 'other' }, options())).toBe('id-taken');
    expect(await insertTransaction(record('acc_store-two', first.id), options())).toBe('id-taken');
    expect(await getTransaction('acc_store-two', first.id)).toBeUndefined();
  });

  it('TransactionConflict is retried, and answers "conflict" (a 409, never a 500) when it persists', async () => {
    useSharedStore();
    let calls = 0;
    const conflictOnce: SendWrite = async (command) => {
      if (!(command instanceof TransactWriteCommand)) return dynamo().send(command as PutCommand);
      calls += 1;
      if (calls === 1) throw conflictError(2);
      return dynamo().send(command);
    };
    const tx = record('acc_store-conflict');
    expect(await insertTransaction(tx, options(), conflictOnce)).toBe('inserted');
    expect(calls).toBe(2);

    let attempts = 0;
    const alwaysConflict: SendWrite = async (command) => {
      if (!(command instanceof TransactWriteCommand)) return dynamo().send(command as PutCommand);
      attempts += 1;
      throw conflictError(2);
    };
    const lost = record('acc_store-conflict');
    expect(await insertTransaction(lost, options(), alwaysConflict)).toBe('conflict');
    expect(attempts).toBe(maxConflictAttempts);
    expect(await reservationOf(lost.id)).toBeUndefined();
  });

  it('a crash between the details and the transaction leaves no transaction: nothing reads the details alone', async () => {
    useSharedStore();
    const tx = record('acc_store-crash');
    const crashAtTheTransaction: SendWrite = async (command) => {
      if (command instanceof TransactWriteCommand) throw new Error('the function stopped here');
      return dynamo().send(command as PutCommand);
    };
    await expect(insertTransaction(tx, options(), crashAtTheTransaction)).rejects.toThrow('stopped here');
    expect(await getTransaction(tx.accountId, tx.id, true)).toBeUndefined();
    expect(await getTransactionsById(tx.accountId, [tx.id])).toEqual([undefined]);
  });
});

describe('Idempotency-Key claim', () => {
  it('committed, response lost, sent again: still our claim, not "in flight"', async () => {
    useSharedStore();
    const key = `claim-${randomUUID()}`;
    const committedThenResent = async (command: PutCommand) => {
      await dynamo().send(command);
      return dynamo().send(command);
    };
    const claim = await claimIdempotencyKey('acc_store-claim', key, 'hash', Date.now(), committedThenResent);
    expect(claim.kind).toBe('claimed');
    // Another request with the key is still refused while this one holds it.
    expect((await claimIdempotencyKey('acc_store-claim', key, 'hash')).kind).toBe('in-flight');
  });

  it('a TransactionConflictException (racing the completing write) is "in flight", not a 500', async () => {
    useSharedStore();
    const racing = async () => {
      throw new TransactionConflictException({
        message: 'Transaction is ongoing for the item',
        $metadata: { httpStatusCode: 400 },
      });
    };
    const claim = await claimIdempotencyKey(
      'acc_store-claim',
      `claim-${randomUUID()}`,
      'h',
      Date.now(),
      racing,
    );
    expect(claim.kind).toBe('in-flight');
  });
});
