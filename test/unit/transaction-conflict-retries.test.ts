// Every write that retries a lost race (TransactionConflict) besides the purchase's
// (integration/purchase-store): the conditional state changes (writeIf, transactIf: the
// instruction fill, →PAID, expiry, cancel, delivery attempts…) and the product writes that claim
// or move an externalId. DynamoDB Local serialises transactions and never raises the error, so a
// middleware on the service's own client raises it exactly as the AWS SDK v3 does on AWS, and
// answers the writes that get past it; nothing reaches the network.
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import type { ProductRecord } from '../../shared/catalog/product.ts';
import { resetProcessConfiguration } from '../../shared/config.ts';
import { transactIf, writeIf } from '../../shared/store/conditional-writes.ts';
import { insertProduct, replaceProduct } from '../../shared/store/products.ts';
import { maxConflictAttempts } from '../../shared/store/transaction-conflicts.ts';

type Reason = 'None' | 'TransactionConflict' | 'ConditionalCheckFailed';

/** `TransactionCanceledException` as the SDK raises it, with one cancellation reason per item. */
const canceled = (...reasons: Reason[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: reasons.map((Code) =>
      Code === 'TransactionConflict' ? { Code, Message: 'Transaction is ongoing for the item' } : { Code },
    ),
  });
const singleWriteConflict = () =>
  new TransactionConflictException({
    message: 'Transaction is ongoing for the item',
    $metadata: { httpStatusCode: 400 },
  });
const conditionFailed = () =>
  new ConditionalCheckFailedException({
    message: 'The conditional request failed',
    $metadata: { httpStatusCode: 400 },
  });

/** What each write sent reaches: an error to raise, or (once the script is spent) success. */
let script: Array<() => Error> = [];
const sent: string[] = [];

beforeAll(() => {
  process.env.TABLE_NAME = 'conflict-test';
  process.env.AWS_REGION = 'us-east-1';
  resetProcessConfiguration();
  dynamo().middlewareStack.add(
    (_next, context) => () => {
      sent.push(String(context.commandName));
      const raise = script.shift();
      if (raise) return Promise.reject(raise());
      return Promise.resolve({ output: { $metadata: { httpStatusCode: 200 } }, response: {} });
    },
    { step: 'initialize', priority: 'high', name: 'injectTransactionConflicts' },
  );
});
afterEach(() => {
  script = [];
  sent.length = 0;
});

const update = () =>
  new UpdateCommand({
    TableName: 'conflict-test',
    Key: { pk: 'ACC#a#TX#1', sk: 'TX' },
    UpdateExpression: 'SET #status = :paid',
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':paid': 'PAID', ':pending': 'PENDING' },
  });
const twoItems = () => [
  { Put: { TableName: 'conflict-test', Item: { pk: 'A', sk: 'A' } } },
  { Put: { TableName: 'conflict-test', Item: { pk: 'B', sk: 'B' } } },
];

describe('writeIf (every conditional single-item state change)', () => {
  it('retries a write that lost a race with a transaction, then answers that it was written', async () => {
    script = [singleWriteConflict, singleWriteConflict];
    expect(await writeIf(update())).toBe(true);
    expect(sent).toEqual(['UpdateItemCommand', 'UpdateItemCommand', 'UpdateItemCommand']);
  });

  it('a failed condition is an answer, not retried', async () => {
    script = [conditionFailed];
    expect(await writeIf(update())).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('a race lost every time fails after the attempts allowed', async () => {
    script = Array.from({ length: maxConflictAttempts }, () => singleWriteConflict);
    await expect(writeIf(update())).rejects.toThrow(TransactionConflictException);
    expect(sent).toHaveLength(maxConflictAttempts);
  });
});

describe('transactIf (every conditional multi-item state change: →PAID with its event, counters…)', () => {
  it('retries a transaction cancelled only by TransactionConflict, then answers that it was written', async () => {
    script = [() => canceled('None', 'TransactionConflict')];
    expect(await transactIf(twoItems())).toBe(true);
    expect(sent).toEqual(['TransactWriteItemsCommand', 'TransactWriteItemsCommand']);
  });

  it('a cancellation with a failed condition is an answer even beside a conflict: not retried', async () => {
    script = [() => canceled('ConditionalCheckFailed', 'TransactionConflict')];
    expect(await transactIf(twoItems())).toBe(false);
    script = [() => canceled('None', 'ConditionalCheckFailed')];
    expect(await transactIf(twoItems())).toBe(false);
    expect(sent).toHaveLength(2);
  });

  it('a race lost every time fails after the attempts allowed', async () => {
    script = Array.from({ length: maxConflictAttempts }, () => () => canceled('TransactionConflict', 'None'));
    await expect(transactIf(twoItems())).rejects.toThrow(TransactionCanceledException);
    expect(sent).toHaveLength(maxConflictAttempts);
  });
});

const product = (externalId: string | null): ProductRecord => ({
  accountId: 'acc_conflicts',
  id: 'prd_conflicts',
  createdByUserId: 'usr_conflicts',
  name: 'Curso',
  description: null,
  externalId,
  active: true,
  metadataJson: '{}',
  imageKey: null,
  deletedAt: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  updatedAt: '2026-11-26T12:00:00.000Z',
  version: 1,
});

describe('product writes that claim or move an externalId', () => {
  it('a create racing another transaction is retried and inserted', async () => {
    script = [() => canceled('None', 'TransactionConflict')];
    expect(await insertProduct(product('curso-1'))).toBe('inserted');
    expect(sent).toEqual(['TransactWriteItemsCommand', 'TransactWriteItemsCommand']);
  });

  it('a create whose externalId is taken is not retried', async () => {
    script = [() => canceled('None', 'ConditionalCheckFailed')];
    expect(await insertProduct(product('curso-1'))).toBe('external-id-taken');
    expect(sent).toHaveLength(1);
  });

  it('an update that moves the externalId, racing another transaction, is retried and replaced', async () => {
    script = [() => canceled('None', 'TransactionConflict', 'None')];
    const before = product('curso-1');
    expect(await replaceProduct(before, { ...product('curso-2'), version: 2 })).toBe('replaced');
    expect(sent).toEqual(['TransactWriteItemsCommand', 'TransactWriteItemsCommand']);
  });

  it('an update that loses every race reads as stale (the use case reads again and redoes it)', async () => {
    script = Array.from(
      { length: maxConflictAttempts },
      () => () => canceled('None', 'TransactionConflict', 'None'),
    );
    expect(await replaceProduct(product('curso-1'), { ...product('curso-2'), version: 2 })).toBe('stale');
    expect(sent).toHaveLength(maxConflictAttempts);
  });
});
