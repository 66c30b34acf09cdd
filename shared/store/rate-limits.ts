// Token buckets shared by every instance of every function: one item per subject (an account)
// holding the GCRA `tat` (limits/token-bucket.ts). An instance leases tokens in batches
// (limits/token-lease.ts) with one conditional UpdateItem whose condition is the limit, so two
// instances can never both take the last token. The write goes through the rate limiter's own
// client, which does not retry: the limiter backs off by itself (limits/write-pacing.ts), and
// an SDK retry of a throttled write would only add writes to the hot item.
import { UpdateCommand, type UpdateCommandOutput } from '@aws-sdk/lib-dynamodb';
import { rateLimitDynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import type { LeasePlan } from '../limits/token-lease.ts';
import { isConditionFailure, isThrottling } from './dynamo-errors.ts';
import { keys } from './keys.ts';

/** How long a bucket item outlives its last slot: long enough that it is full again anyway. */
const expiryGraceSeconds = 60;

export type LeaseOutcome =
  /** Granted: the bucket's `tat` after the lease. */
  | { kind: 'leased'; tat: number }
  /** The bucket was not as the plan expected (another instance got there first); its `tat`. */
  | { kind: 'lost'; tat: number | undefined }
  /** The table refused the write for its rate. */
  | { kind: 'throttled' };

export type SendUpdate = (command: UpdateCommand) => Promise<UpdateCommandOutput>;

const sendWithLimiterClient: SendUpdate = (command) => rateLimitDynamo().send(command);

/**
 * Takes `plan.count` tokens from the subject's bucket, slots starting at max(tat, earliestStart),
 * provided they start by `plan.latestStart`. `emissionIntervalMs` is the policy's.
 */
export async function leaseTokens(
  subject: string,
  plan: LeasePlan,
  emissionIntervalMs: number,
  send: SendUpdate = sendWithLimiterClient,
): Promise<LeaseOutcome> {
  const spent = plan.count * emissionIntervalMs;
  const expiresAt = Math.ceil((plan.latestStart + spent) / 1000) + expiryGraceSeconds;
  // Busy: stack the slots on the tat. Idle (no item, or a tat before earliestStart): start them there.
  const expression = plan.expectBusy
    ? {
        UpdateExpression: 'SET tat = tat + :spent, #ttl = :ttl',
        ConditionExpression: 'tat BETWEEN :earliest AND :latest',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':spent': spent,
          ':earliest': plan.earliestStart,
          ':latest': plan.latestStart,
          ':ttl': expiresAt,
        },
      }
    : {
        UpdateExpression: 'SET tat = :tat, #ttl = :ttl, entity = :entity',
        ConditionExpression: 'attribute_not_exists(tat) OR tat < :earliest',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':tat': plan.earliestStart + spent,
          ':earliest': plan.earliestStart,
          ':ttl': expiresAt,
          ':entity': 'rateLimit',
        },
      };
  try {
    const { Attributes } = await send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateLimit(subject),
        ...expression,
        ReturnValues: 'UPDATED_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'leased', tat: Number(Attributes?.tat) };
  } catch (error) {
    if (isThrottling(error)) return { kind: 'throttled' };
    if (!isConditionFailure(error)) throw error;
    // The document client does not unmarshall the item an error carries.
    const stored = (error as { Item?: { tat?: { N?: string } } }).Item?.tat?.N;
    return { kind: 'lost', tat: stored === undefined ? undefined : Number(stored) };
  }
}
