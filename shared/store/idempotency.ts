// Idempotency-Key records: claimed before the work starts (a short lock), completed in the
// same DynamoDB transaction as the work's own write, kept 24 h by TTL.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { isConditionFailure } from './dynamo-errors.ts';
import { keys } from './keys.ts';
import { isTransactionConflict } from './transaction-conflicts.ts';

export const idempotencyRetentionSeconds = 24 * 60 * 60;
/** A claim older than this is taken to belong to a crashed request and may be taken over. */
export const idempotencyLockMs = 30_000;

export interface StoredResponse {
  statusCode: number;
  body: unknown;
}

export type IdempotencyClaim =
  | { kind: 'claimed'; lockId: string }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' }
  | { kind: 'in-flight' };

export interface IdempotencyCompletion {
  accountId: string;
  key: string;
  lockId: string;
  response: StoredResponse;
}

interface IdempotencyItem {
  state: 'IN_PROGRESS' | 'COMPLETED';
  requestHash: string;
  lockId: string;
  lockExpiresAt: number;
  ttl: number;
  response?: StoredResponse;
}

/** How the claim reaches DynamoDB; tests replace it to replay a request whose response was lost. */
export type SendPut = (command: PutCommand) => Promise<unknown>;

const sendToDynamo: SendPut = (command) => dynamo().send(command);

export async function claimIdempotencyKey(
  accountId: string,
  key: string,
  requestHash: string,
  now = Date.now(),
  send: SendPut = sendToDynamo,
): Promise<IdempotencyClaim> {
  const lockId = randomUUID();
  const nowSeconds = Math.floor(now / 1000);
  try {
    await send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.idempotency(accountId, key),
          entity: 'idempotency',
          state: 'IN_PROGRESS',
          requestHash,
          lockId,
          lockExpiresAt: now + idempotencyLockMs,
          ttl: nowSeconds + idempotencyRetentionSeconds,
          createdAt: new Date(now).toISOString(),
        },
        // Free, expired (TTL deletion is lazy), or abandoned by a request that crashed mid-way.
        ConditionExpression:
          'attribute_not_exists(pk) OR #ttl < :nowSeconds OR (#state = :inProgress AND lockExpiresAt < :now AND requestHash = :hash)',
        ExpressionAttributeNames: { '#ttl': 'ttl', '#state': 'state' },
        ExpressionAttributeValues: {
          ':nowSeconds': nowSeconds,
          ':inProgress': 'IN_PROGRESS',
          ':now': now,
          ':hash': requestHash,
        },
        // A retry of this very put after a lost response finds its own lock: still ours.
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'claimed', lockId };
  } catch (error) {
    // On AWS the put can race the TransactWrite that completes the key: that request is finishing.
    if (isTransactionConflict(error)) return { kind: 'in-flight' };
    if (!isConditionFailure(error)) throw error;
    const old = (error as { Item?: Record<string, { S?: string } | string | undefined> }).Item?.lockId;
    if ((typeof old === 'string' ? old : old?.S) === lockId) return { kind: 'claimed', lockId };
  }
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.idempotency(accountId, key), ConsistentRead: true }),
  );
  const existing = Item as IdempotencyItem | undefined;
  // Deleted between our write and read (released by a failed request): let the client retry.
  if (!existing) return { kind: 'in-flight' };
  if (existing.requestHash !== requestHash) return { kind: 'mismatch' };
  if (existing.state === 'COMPLETED' && existing.response)
    return { kind: 'replay', response: existing.response };
  return { kind: 'in-flight' };
}

/** The Update item that completes a claim; goes into the work's own TransactWrite. */
export function completionUpdate(completion: IdempotencyCompletion) {
  return {
    TableName: tableName(),
    Key: keys.idempotency(completion.accountId, completion.key),
    UpdateExpression: 'SET #state = :completed, #response = :response REMOVE lockExpiresAt',
    ConditionExpression: 'lockId = :lockId',
    ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
    ExpressionAttributeValues: {
      ':completed': 'COMPLETED',
      ':response': completion.response,
      ':lockId': completion.lockId,
    },
  };
}

/** Gives the key back after a request failed, so the client can retry with it. */
export async function releaseIdempotencyKey(accountId: string, key: string, lockId: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.idempotency(accountId, key),
        ConditionExpression: 'lockId = :lockId AND #state = :inProgress',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':lockId': lockId, ':inProgress': 'IN_PROGRESS' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
