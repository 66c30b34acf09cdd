// The account summary's counters: one item per account, UTC day and currency. Each state change
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
  day: string;
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

/** The Update item that counts one change of `amount` cents at `at` (its UTC day). */
export function countChange(
  change: CountedChange,
  input: { accountId: string; currency: string; amount: number; at: string },
): TransactItem {
  return countChanges(input, [{ change, at: input.at }])[0]!;
}

/**
 * The Update items that count several changes of one transaction's `amount`, one item per UTC
 * day (a transaction may not touch one item twice); `by` -1 takes back a change counted before
 * (a closed transaction that became PAID leaves its close's bucket).
 */
export function countChanges(
  input: { accountId: string; currency: string; amount: number },
  changes: ReadonlyArray<{ change: CountedChange; at: string; by?: 1 | -1 }>,
): TransactItem[] {
  const days = new Map<string, Array<{ change: CountedChange; by: 1 | -1 }>>();
  for (const { change, at, by = 1 } of changes) {
    const day = at.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), { change, by }]);
  }
  return [...days].map(([day, counted]) => {
    const names: Record<string, string> = { '#day': 'day' };
    const values: Record<string, unknown> = {
      ':entity': 'dailyCounters',
      ':day': day,
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
        Key: keys.dailyCounters(input.accountId, day, input.currency),
        UpdateExpression: `SET entity = :entity, #day = :day, currency = :currency ADD ${additions.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  });
}

/** Every counter item of the account from `fromDay` (inclusive, YYYY-MM-DD) on. */
export async function readDailyCounters(accountId: string, fromDay: string): Promise<DailyCounterRecord[]> {
  const records: DailyCounterRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk >= :from',
        ExpressionAttributeValues: {
          ':pk': keys.dailyCountersPartition(accountId),
          ':from': keys.dailyCounters(accountId, fromDay, '').sk,
        },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) records.push(withoutKeys<DailyCounterRecord>(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return records;
}
