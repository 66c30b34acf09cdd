// Accounts and their API keys.
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AccountRecord, ApiKeyRecord, WebhookSecret } from '../accounts/account.ts';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import type { OptInEventType } from '../events/event-types.ts';
import { writeIf } from './conditional-writes.ts';
import { optInAttribute } from './event-writes.ts';
import { keys } from './keys.ts';
import { itemsOfEntries } from './paged-query.ts';
import { withoutKeys } from './records.ts';

/**
 * Consistent: a key read after a cache miss must see a revocation that has already been answered
 * (an eventually consistent read may return the item as it was before it).
 */
export async function findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.apiKey(keyHash), ConsistentRead: true }),
  );
  return Item as ApiKeyRecord | undefined;
}

/** `consistent` where a change just answered must be seen (signing secrets, a rotation's read). */
export async function getAccount(accountId: string, consistent = false): Promise<AccountRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.account(accountId), ConsistentRead: consistent }),
  );
  return Item as AccountRecord | undefined;
}

/** Creates the account (once) and the key in one transaction. */
export async function createAccountWithKey(account: AccountRecord, apiKey: ApiKeyRecord): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.account(account.accountId), entity: 'account', ...account },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: apiKeyItem(apiKey),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
}

/** Adds a key to an existing account; fails if the account does not exist. */
export async function addApiKey(apiKey: ApiKeyRecord): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.account(apiKey.accountId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: apiKeyItem(apiKey),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
}

function apiKeyItem(apiKey: ApiKeyRecord) {
  return {
    ...keys.apiKey(apiKey.keyHash),
    ...keys.apiKeyIndex(apiKey.accountId, apiKey.keyId),
    entity: 'apiKey',
    ...apiKey,
  };
}

/** Marks the key revoked; returns false when no such key exists. */
export async function revokeApiKey(keyHash: string, revokedAt: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKey(keyHash),
        UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': revokedAt },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The account's keys (revoked ones included), oldest first. */
export async function listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
  const records: ApiKeyRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.apiKeyIndexPartition(accountId) },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of await itemsOfEntries(page.Items ?? []))
      if (item) records.push(withoutKeys<ApiKeyRecord>(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function findApiKeyById(accountId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :keyId',
      ExpressionAttributeValues: { ':pk': keys.apiKeyIndexPartition(accountId), ':keyId': keyId },
    }),
  );
  const [item] = await itemsOfEntries(Items?.slice(0, 1) ?? []);
  return item ? withoutKeys<ApiKeyRecord>(item) : undefined;
}

/** Revokes the key only if it belongs to the account; false when it does not (or is gone). */
export function revokeAccountApiKey(accountId: string, keyHash: string, revokedAt: string): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.apiKey(keyHash),
      UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
      ConditionExpression: 'attribute_exists(pk) AND accountId = :accountId',
      ExpressionAttributeValues: { ':now': revokedAt, ':accountId': accountId },
    }),
  );
}

/** Records the day a key was used; at most one write per key and day (the condition). */
export function markApiKeyUsed(keyHash: string, day: string): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.apiKey(keyHash),
      UpdateExpression: 'SET lastUsedOn = :day',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(lastUsedOn) OR attribute_type(lastUsedOn, :null) OR lastUsedOn < :day)',
      ExpressionAttributeValues: { ':day': day, ':null': 'NULL' },
    }),
  );
}

/** Sets the global postback URL and/or replaces the signing secrets; fails if the account is unknown. */
export async function updateAccountWebhook(
  accountId: string,
  changes: {
    webhookUrl?: string | null;
    webhookSecrets?: WebhookSecret[];
    optInEventTypes?: OptInEventType[];
  },
  now: string,
): Promise<AccountRecord> {
  const sets = ['updatedAt = :now'];
  const values: Record<string, unknown> = { ':now': now };
  const names: Record<string, string> = {};
  if (changes.webhookUrl !== undefined) {
    sets.push('webhookUrl = :url');
    values[':url'] = changes.webhookUrl;
  }
  if (changes.webhookSecrets !== undefined) {
    sets.push('webhookSecrets = :secrets');
    values[':secrets'] = changes.webhookSecrets;
  }
  if (changes.optInEventTypes !== undefined) {
    // Replaced whole: the state changes that emit these types check this attribute (event-writes.ts).
    sets.push('#optIn = :optIn');
    names['#optIn'] = optInAttribute;
    values[':optIn'] = changes.optInEventTypes;
  }
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.account(accountId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as AccountRecord;
}

export async function putAccount(account: AccountRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.account(account.accountId), entity: 'account', ...account },
    }),
  );
}

/** Sets (or, with null, removes) the account's own requests-per-second limit; false when the account is unknown. */
export function setAccountRateLimit(
  accountId: string,
  perSecond: number | null,
  now: string,
): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.account(accountId),
      UpdateExpression:
        perSecond === null
          ? 'SET updatedAt = :now REMOVE rateLimitPerSecond'
          : 'SET updatedAt = :now, rateLimitPerSecond = :limit',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now, ...(perSecond === null ? {} : { ':limit': perSecond }) },
    }),
  );
}

/**
 * Replaces the signing secrets if nobody changed them since `expectedVersion` was read (a
 * conditional write, so two rotations at once cannot lose a secret); false when they did.
 */
export function replaceWebhookSecrets(
  accountId: string,
  secrets: WebhookSecret[],
  expectedVersion: number,
  now: string,
): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.account(accountId),
      UpdateExpression: 'SET webhookSecrets = :secrets, webhookSecretsVersion = :next, updatedAt = :now',
      ConditionExpression:
        'attribute_exists(pk) AND (webhookSecretsVersion = :expected OR (attribute_not_exists(webhookSecretsVersion) AND :expected = :zero))',
      ExpressionAttributeValues: {
        ':secrets': secrets,
        ':next': expectedVersion + 1,
        ':expected': expectedVersion,
        ':zero': 0,
        ':now': now,
      },
    }),
  );
}
