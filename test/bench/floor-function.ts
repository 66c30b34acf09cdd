// The smallest useful Lambda of this stack: a DynamoDB document client, created at module
// scope, and one GetCommand. Every function's bundle size and cold init are compared to it.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (): Promise<unknown> => {
  const { Item } = await client.send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: 'HEALTH', sk: 'PROBE' } }),
  );
  return Item ?? null;
};
