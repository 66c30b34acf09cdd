// The account summary's counters: one item per account, UTC hour and currency (so the summary can
// add them up into days of the account's time zone). Each state change
// adds to them with one extra Update item inside the same DynamoDB transaction as the change
// itself, so a counter moves exactly when the state does (a duplicate worker whose conditional
// write fails adds nothing).
import { QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TransactionCounter } from '../accounts/summary-counters.ts';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { keys } from './keys.ts';
import { withoutKeys } from './records.ts';

/** The summary's counters as stored (a failed delivery is one `deliveryFailed` change). */
export type CountedChange = TransactionCounter | 'deliveryFailed';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface DailyCounterRecord {
  /** YYYY-MM-DD on items written before hourly counters, else absent. */
  day?: string;
  /** YYYY-MM-DDTHH (UTC). */
  hour?: string;
  currency: string;
  createdCount?: number;
  createdAmount?: number;
  paidCount?: number;
  paidAmount?: number;
  expiredCount?: number;
  expiredAmount?: number;
  canceledCount?: number;
  canceledAmount?: number;
  deliveryFailedCount?: number;
  deliveryFailedAmount?: number;
}

/** The Update item that counts one change of `amount` cents at `at` (its UTC hour). */
export function countChange(
  change: CountedChange,
  input: { accountId: string; currency: string; amount: number; at: string },
): TransactItem {
  return countChanges(input, [{ change, at: input.at }])[0]!;
}

/**
 * The Update items that count several changes of one transaction's `amount`, one item per UTC
 * hour (a transaction may not touch one item twice); `by` -1 takes back a change counted before
 * (a closed transaction that became PAID leaves its close's bucket).
 */
export function countChanges(
  input: { accountId: string; currency: string; amount: number },
  changes: ReadonlyArray<{ change: CountedChange; at: string; by?: 1 | -1 }>,
): TransactItem[] {
  const hours = new Map<string, Array<{ change: CountedChange; by: 1 | -1 }>>();
  for (const { change, at, by = 1 } of changes) {
    const hour = at.slice(0, 13);
    hours.set(hour, [...(hours.get(hour) ?? []), { change, by }]);
  }
  return [...hours].map(([hour, counted]) => {
    const names: Record<string, string> = { '#hour': 'hour' };
    const values: Record<string, unknown> = {
      ':entity': 'dailyCounters',
      ':hour': hour,
      ':currency': input.currency,
    };
    const additions = counted.map(({ change, by }, index) => {
      Object.assign(names, { [`#count${index}`]: `${change}Count`, [`#amount${index}`]: `${change}Amount` });
      Object.assign(values, { [`:one${index}`]: by, [`:amount${index}`]: by * input.amount });
      return `#count${index} :one${index}, #amount${index} :amount${index}`;
    });
    return {
      Update: {
        TableName: tableName(),
        Key: keys.hourlyCounters(input.accountId, hour, input.currency),
        UpdateExpression: `SET entity = :entity, #hour = :hour, currency = :currency ADD ${additions.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  });
}

async function queryRange(accountId: string, from: string, to: string): Promise<DailyCounterRecord[]> {
  const records: DailyCounterRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.dailyCountersPartition(accountId),
          ':from': from,
          ':to': to,
        },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) records.push(withoutKeys<DailyCounterRecord>(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return records;
}

/**
 * Every counter item of the account from `fromHour` (inclusive, YYYY-MM-DDTHH, UTC) on, and the
 * day items written before hourly counters from that hour's UTC day on: at most (days + 1) × 24
 * hours × currencies items.
 */
export async function readCounters(accountId: string, fromHour: string): Promise<DailyCounterRecord[]> {
  const [hourly, daily] = await Promise.all([
    queryRange(accountId, keys.hourlyCounters(accountId, fromHour, '').sk, 'HOUR#~'),
    queryRange(accountId, keys.dailyCounters(accountId, fromHour.slice(0, 10), '').sk, 'DAY#~'),
  ]);
  return [...daily, ...hourly];
}
