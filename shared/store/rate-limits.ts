// Token buckets shared by every instance of every function: one item per subject (an account)
// holding the GCRA `tat`. Spending is one conditional UpdateItem: the condition is the limit, so
// two instances can never both spend the last token.
//
// Within an instance, requests of one subject that arrive while a spend is in flight wait and
// are spent together in the next UpdateItem (n tokens at once, or as many as are left), so a
// burst costs a handful of calls rather than one per request. The instance also remembers the
// last `tat` it saw: to pick the right one of the two updates first, and to turn away requests
// for a bucket it knows is empty (`tat` never moves back) without a call.
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

const maxRemembered = 10_000;
const maxAttempts = 4;
const maxBatch = 50;
/** How long a bucket item outlives its last use: long enough that it is full again anyway. */
const expiryGraceSeconds = 60;
/** Guards the token arithmetic against floating-point dust. */
const epsilon = 1e-6;

const lastSeenTat = new Map<string, number>();
/** The same bucket over this instance's admitted requests alone. */
const localTat = new Map<string, number>();

interface Waiter {
  now: number;
  resolve: (decision: Decision) => void;
  reject: (error: unknown) => void;
}
const waiting = new Map<string, Waiter[]>();
const spending = new Set<string>();

export async function takeToken(subject: string, policy: RatePolicy, now = Date.now()): Promise<Decision> {
  // This instance's admitted requests are a subset of the shared bucket's, so when its own
  // bucket refuses the shared one would too: a flood is turned away in arrival order, no call.
  const local = decide(policy, localTat.get(subject), now);
  if (!local.allowed) return local;
  remember(localTat, subject, local.tat);
  const shared = await new Promise<Decision>((resolve, reject) => {
    const queue = waiting.get(subject) ?? [];
    queue.push({ now, resolve, reject });
    waiting.set(subject, queue);
    if (!spending.has(subject)) void spendQueued(subject, policy);
  });
  // Give the local token back: the shared bucket did not count this request either.
  if (!shared.allowed) localTat.set(subject, (localTat.get(subject) ?? now) - emissionIntervalMs(policy));
  return shared;
}

async function spendQueued(subject: string, policy: RatePolicy): Promise<void> {
  spending.add(subject);
  try {
    for (let queue = waiting.get(subject); queue?.length; queue = waiting.get(subject)) {
      const batch = queue.splice(0, maxBatch);
      if (!queue.length) waiting.delete(subject);
      const now = Math.max(...batch.map((waiter) => waiter.now));
      try {
        const { granted, tat } = await spend(subject, policy, now, batch.length);
        const interval = emissionIntervalMs(policy);
        for (const [index, waiter] of batch.entries()) {
          waiter.resolve(
            index < granted
              ? allowedAt(policy, tat - (granted - 1 - index) * interval, waiter.now)
              : decide(policy, tat, waiter.now),
          );
        }
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
  } finally {
    spending.delete(subject);
  }
}

/** Spends up to `wanted` tokens at `now`; answers how many it got and the bucket's `tat` after. */
async function spend(
  subject: string,
  policy: RatePolicy,
  now: number,
  wanted: number,
): Promise<{ granted: number; tat: number }> {
  const known = lastSeenTat.get(subject);
  if (known !== undefined && tokensLeft(policy, known, now) === 0) return { granted: 0, tat: known };
  let want = Math.min(wanted, policy.burst);
  let busy = known !== undefined && known >= now;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const outcome = busy
      ? await spendFromBusy(subject, policy, now, want)
      : await startFromIdle(subject, policy, now, want);
    if ('tat' in outcome) {
      remember(lastSeenTat, subject, outcome.tat);
      return { granted: want, tat: outcome.tat };
    }
    const stale = outcome.staleTat;
    busy = stale !== undefined && stale >= now;
    if (busy) {
      const left = tokensLeft(policy, stale!, now);
      if (left === 0) {
        remember(lastSeenTat, subject, stale!);
        return { granted: 0, tat: stale! };
      }
      want = Math.min(want, left);
    }
  }
  throw new Error(`rate limiter: bucket ${subject} kept moving under ${maxAttempts} attempts`);
}

function tokensLeft(policy: RatePolicy, tat: number, now: number): number {
  if (tat < now) return policy.burst;
  const left = Math.floor((latestAllowedTat(policy, now) - tat) / emissionIntervalMs(policy) + epsilon) + 1;
  return Math.max(0, Math.min(policy.burst, left));
}

function remember(map: Map<string, number>, subject: string, tat: number): void {
  if (map.size >= maxRemembered) map.clear();
  map.set(subject, tat);
}

function expiresAt(tat: number): number {
  return Math.ceil(tat / 1000) + expiryGraceSeconds;
}

type Outcome = { tat: number } | { staleTat: number | undefined };

/** The bucket has tokens spent (tat ≥ now) but at least `count` left: spend them. */
function spendFromBusy(subject: string, policy: RatePolicy, now: number, count: number): Promise<Outcome> {
  const interval = emissionIntervalMs(policy);
  const latest = latestAllowedTat(policy, now) - (count - 1) * interval;
  return update(subject, {
    UpdateExpression: 'SET tat = tat + :spent, #ttl = :ttl',
    ConditionExpression: 'tat BETWEEN :now AND :latest',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ':spent': count * interval,
      ':now': now,
      ':latest': latest + epsilon,
      ':ttl': expiresAt(latestAllowedTat(policy, now) + interval),
    },
  });
}

/** The bucket is full (no item, or its tat is in the past): start it over with `count` spent. */
function startFromIdle(subject: string, policy: RatePolicy, now: number, count: number): Promise<Outcome> {
  const tat = now + count * emissionIntervalMs(policy);
  return update(subject, {
    UpdateExpression: 'SET tat = :tat, #ttl = :ttl, entity = :entity',
    ConditionExpression: 'attribute_not_exists(tat) OR tat < :now',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':tat': tat, ':now': now, ':ttl': expiresAt(tat), ':entity': 'rateLimit' },
  });
}

async function update(
  subject: string,
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
    return { tat: Number(Attributes?.tat) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The document client does not unmarshall the item an error carries.
    const stored = (error as { Item?: { tat?: { N?: string } } }).Item?.tat?.N;
    return { staleTat: stored === undefined ? undefined : Number(stored) };
  }
}
