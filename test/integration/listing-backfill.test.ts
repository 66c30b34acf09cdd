// Transactions and events written before the listing indexes existed: the backfill puts them in
// GET /transactions (and its payer search) and GET /events, is idempotent, and resumes where an interrupted run stopped.
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { backfillListingIndex } from '../../shared/maintenance/backfill-listing-index.ts';
import { keys } from '../../shared/store/keys.ts';
import { readBackfillProgress } from '../../shared/store/listing-backfill.ts';
import { call, createKey, pollUntil } from '../support/api.ts';
import { bobBody } from '../support/purchase-fixtures.ts';

/** Makes an item look as it did before the listing and payer-search indexes: none of their keys. */
async function unindex(key: { pk: string; sk: string }) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'REMOVE gsi1pk, gsi1sk, gsi3pk, gsi3sk, gsi4pk, gsi4sk, payerNameKey',
    }),
  );
}

/** Makes a transaction one item, as it was stored before its state and details were apart. */
async function asWrittenBeforeTheSplit(accountId: string, id: string) {
  const state = keys.transaction(accountId, id);
  const details = keys.transactionDetails(accountId, id);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :state AND :details',
      ExpressionAttributeValues: { ':pk': state.pk, ':state': state.sk, ':details': details.sk },
      ConsistentRead: true,
    }),
  );
  expect(Items).toHaveLength(2);
  const [stateItem, detailsItem] = [
    Items.find((item) => item.sk === state.sk)!,
    Items.find((item) => item.sk === details.sk)!,
  ];
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...detailsItem, ...stateItem } }));
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: details }));
}

describe('listing index backfill', () => {
  it('lists old transactions and events after it runs, resumably and idempotently', async () => {
    const account = await createKey(['createTransaction', 'manageAccount']);
    const key = account.secretKey;
    const created = await call('POST', '/transactions/v2/purchase', { key, body: bobBody() });
    const id = created.body.id as string;
    await pollUntil(
      async () => (await call('GET', `/transactions/${id}`, { key })).body,
      (body) => Boolean(body.qr),
      15_000,
      50,
    );
    await call('POST', `/sandbox/transactions/${id}/pay`, { key });
    await pollUntil(
      async () => (await call('GET', `/transactions/${id}/events`, { key })).body.data,
      (events) => events.length === 1,
      15_000,
      50,
    );
    await asWrittenBeforeTheSplit(account.accountId, id);
    await unindex(keys.transaction(account.accountId, id));
    await unindex(keys.event(account.accountId, id, 'cashin.paid'));
    expect((await call('GET', '/transactions', { key })).body.data).toEqual([]);
    expect((await call('GET', '/events', { key })).body.data).toEqual([]);
    expect((await call('GET', '/transactions?q=ana%40example.bo', { key })).body.data).toEqual([]);

    // Interrupted after its first page: the position is kept, and the next run continues from it.
    const paused = await backfillListingIndex({ restart: true, pageSize: 5, shouldStop: () => true });
    expect(paused.completedAt).toBeNull();
    expect((await readBackfillProgress())?.nextKey).toEqual(paused.nextKey);
    const finished = await backfillListingIndex({ pageSize: 200 });
    expect(finished.completedAt).toEqual(expect.any(String));
    expect(finished.scanned).toBeGreaterThan(paused.scanned);

    expect(
      (await call('GET', '/transactions', { key })).body.data.map((tx: { id: string }) => tx.id),
    ).toEqual([id]);
    expect((await call('GET', '/events', { key })).body.data).toMatchObject([
      { transactionId: id, type: 'cashin.paid' },
    ]);

    // The payer search finds it too, by e-mail and by name.
    for (const q of ['ana%40example.bo', 'ana%20mam'])
      expect(
        (await call('GET', `/transactions?q=${q}`, { key })).body.data.map((tx: { id: string }) => tx.id),
      ).toEqual([id]);

    const again = await backfillListingIndex({ restart: true, pageSize: 200 });
    expect(again.completedAt).toEqual(expect.any(String));
    expect((await call('GET', '/transactions', { key })).body.data).toHaveLength(1);
  });
});
