// Token buckets shared by every instance of every function: one item per subject (an account)
// holding the GCRA `tat`. A request costs one conditional UpdateItem: the condition is the
// limit, so two instances can never both spend the last token. The instance remembers the last
// `tat` it saw to pick the right one of the two updates first; a wrong guess costs a second call.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import {
  allowedAt,
  type Decision,
  decide,
  emissionIntervalMs,
  latestAllowedTat,
  type RatePolicy,
} from '../limits/token-bucket.ts';
import { isConditionFailure } from './dynamo-errors.ts';
import { keys } from './keys.ts';

const lastSeenTat = new Map<string, number>();
const maxRemembered = 10_000;
const maxAttempts = 4;

/** How long a bucket item outlives its last use: long enough that it is full again anyway. */
const expiryGraceSeconds = 60;

type Outcome = { decision: Decision } | { staleTat: number | undefined };

export async function takeToken(subject: string, policy: RatePolicy, now = Date.now()): Promise<Decision> {
  // `tat` never moves back, so a bucket this instance has seen empty is still empty: a flood is
  // turned away without a call.
  const known = lastSeenTat.get(subject);
  if (known !== undefined && known > latestAllowedTat(policy, now)) return decide(policy, known, now);
  let guessBusy = (lastSeenTat.get(subject) ?? 0) >= now;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const outcome = guessBusy
      ? await spendFromBusy(subject, policy, now)
      : await startFromIdle(subject, policy, now);
    if ('decision' in outcome) {
      remember(subject, outcome.decision.allowed ? outcome.decision.tat : undefined);
      return outcome.decision;
    }
    const tat = outcome.staleTat;
    if (tat !== undefined && tat > latestAllowedTat(policy, now)) {
      remember(subject, tat);
      return decide(policy, tat, now);
    }
    // The bucket moved between our guess and our write: take the other update.
    guessBusy = tat !== undefined && tat >= now;
  }
  // Only reachable under extreme contention; admitting is safer than a 5xx.
  return decide(policy, undefined, now);
}

function remember(subject: string, tat: number | undefined): void {
  if (tat === undefined) return;
  if (lastSeenTat.size >= maxRemembered) lastSeenTat.clear();
  lastSeenTat.set(subject, tat);
}

function expiresAt(tat: number): number {
  return Math.ceil(tat / 1000) + expiryGraceSeconds;
}

/** The bucket has tokens spent (tat ≥ now) but not all of them: spend one more. */
function spendFromBusy(subject: string, policy: RatePolicy, now: number): Promise<Outcome> {
  const interval = emissionIntervalMs(policy);
  return update(subject, policy, now, {
    UpdateExpression: 'SET tat = tat + :interval, #ttl = :ttl',
    ConditionExpression: 'tat BETWEEN :now AND :latest',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ':interval': interval,
      ':now': now,
      ':latest': latestAllowedTat(policy, now),
      ':ttl': expiresAt(latestAllowedTat(policy, now) + interval),
    },
  });
}

/** The bucket is full (no item, or its tat is in the past): start it over with one token spent. */
function startFromIdle(subject: string, policy: RatePolicy, now: number): Promise<Outcome> {
  const tat = now + emissionIntervalMs(policy);
  return update(subject, policy, now, {
    UpdateExpression: 'SET tat = :tat, #ttl = :ttl, entity = :entity',
    ConditionExpression: 'attribute_not_exists(tat) OR tat < :now',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':tat': tat, ':now': now, ':ttl': expiresAt(tat), ':entity': 'rateLimit' },
  });
}

async function update(
  subject: string,
  policy: RatePolicy,
  now: number,
  expression: Pick<
    ConstructorParameters<typeof UpdateCommand>[0],
    'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
  >,
): Promise<Outcome> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateLimit(subject),
        ...expression,
        ReturnValues: 'UPDATED_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { decision: allowedAt(policy, Number(Attributes?.tat), now) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The document client does not unmarshall the item an error carries.
    const stored = (error as { Item?: { tat?: { N?: string } } }).Item?.tat?.N;
    return { staleTat: stored === undefined ? undefined : Number(stored) };
  }
}
