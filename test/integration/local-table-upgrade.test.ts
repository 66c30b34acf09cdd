// A table saved by an older `npm start` (LOCAL_DATA_DIR) lacks the indexes added since: starting
// again adds them, so the routes that read them (search by payer) work on the saved data.
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, expect, it } from 'vitest';
import { ensureTable, localCredentials } from '../../infra/local/dynamodb-local.ts';
import { table } from '../../shared/store/table.ts';
import { sharedStack } from '../support/api.ts';

const endpoint = sharedStack().dynamoEndpoint;
const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: localCredentials });
const tableName = `older-local-table-${Date.now()}`;

afterAll(() => client.destroy());

it('gains every index it lacks, once, when the stack starts on it', async () => {
  const [first] = Object.entries(table.indexes);
  const [name, index] = first!;
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [table.partitionKey, table.sortKey, index.partitionKey, index.sortKey].map(
        (attribute) => ({ AttributeName: attribute, AttributeType: 'S' }),
      ),
      KeySchema: [
        { AttributeName: table.partitionKey, KeyType: 'HASH' },
        { AttributeName: table.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ],
    }),
  );
  const indexNames = async () =>
    (
      (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.GlobalSecondaryIndexes ??
      []
    )
      .map((each) => each.IndexName)
      .sort();
  expect(await indexNames()).toEqual([name]);
  await ensureTable(endpoint, tableName);
  expect(await indexNames()).toEqual(Object.keys(table.indexes).sort());
  await ensureTable(endpoint, tableName);
  expect(await indexNames()).toEqual(Object.keys(table.indexes).sort());
});
