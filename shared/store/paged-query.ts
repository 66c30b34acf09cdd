// One page of an index listing, filled up to `limit` even when a filter drops items: DynamoDB
// applies `Limit` before filtering, so it keeps querying until the page is full (plus one item,
// to know whether another page exists) or the partition ends. The listings index holds keys
// only (its copies would be rewritten with every write of an item), so the items are read by
// their table keys here, the one place that does it.
import { BatchGetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { badRequest } from '../errors.ts';
import type { CursorKey } from './cursor.ts';
import { type IndexName, table } from './table.ts';

export interface PageQuery {
  index: IndexName;
  partition: string;
  limit: number;
  /** Decoded cursor: the key of the last item of the previous page. */
  after?: CursorKey;
  newestFirst: boolean;
  /** Inclusive bounds on the index sort key (either may be omitted). */
  sortKeyRange?: { from?: string; to?: string };
  keep?: (item: Record<string, unknown>) => boolean;
}

export interface Page {
  items: Record<string, unknown>[];
  /** Key of the last returned item when more items follow; null on the last page. */
  nextKey: CursorKey | null;
}

export async function queryPage(query: PageQuery): Promise<Page> {
  const index = table.indexes[query.index];
  const wanted = query.limit + 1;
  const kept: Array<{ entry: Record<string, unknown>; item: Record<string, unknown> }> = [];
  let startKey: Record<string, unknown> | undefined = query.after;
  const condition = keyCondition(query, index.sortKey);
  do {
    let result: QueryCommandOutput;
    try {
      result = await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: query.index,
          KeyConditionExpression: condition.expression,
          ExpressionAttributeNames: { '#pk': index.partitionKey, ...condition.names },
          ExpressionAttributeValues: { ':pk': query.partition, ...condition.values },
          ScanIndexForward: !query.newestFirst,
          // Read a little more than needed when filtering, so a sparse filter takes fewer round trips.
          Limit: query.keep ? Math.max(wanted - kept.length, 25) : wanted - kept.length,
          ExclusiveStartKey: startKey,
        }),
      );
    } catch (error) {
      // The cursor passed our shape checks but DynamoDB still refuses it as a start key.
      if (startKey === query.after && (error as Error).name === 'ValidationException') {
        throw badRequest(
          'validation',
          'cursor: is not a cursor of this listing; pass nextCursor from the previous page unchanged',
        );
      }
      throw error;
    }
    const entries = result.Items ?? [];
    const items = await itemsOfEntries(entries);
    entries.forEach((entry, position) => {
      const item = items[position];
      if (item && (!query.keep || query.keep(item))) kept.push({ entry, item });
    });
    startKey = result.LastEvaluatedKey;
  } while (kept.length < wanted && startKey);

  if (kept.length <= query.limit) return { items: kept.map(({ item }) => item), nextKey: null };
  const page = kept.slice(0, query.limit);
  // The cursor is the index entry as read, so the next page starts where this one stopped.
  const last = page[page.length - 1]!.entry;
  const keyFields = [table.partitionKey, table.sortKey, index.partitionKey, index.sortKey];
  return {
    items: page.map(({ item }) => item),
    nextKey: Object.fromEntries(keyFields.map((field) => [field, last[field] as string])),
  };
}

const batchGetLimit = 100;
const batchGetRounds = 8;

/**
 * The items that index entries name, in the entries' order; undefined where the item is gone
 * (deleted after the index was read). Eventually consistent, like the index itself.
 */
export async function itemsOfEntries(
  entries: readonly Record<string, unknown>[],
): Promise<Array<Record<string, unknown> | undefined>> {
  const keyOf = (item: Record<string, unknown>) =>
    JSON.stringify([item[table.partitionKey], item[table.sortKey]]);
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(entries.map((entry) => [keyOf(entry), entry])).values()];
  for (let start = 0; start < unique.length; start += batchGetLimit) {
    let wanted: Record<string, unknown>[] = unique.slice(start, start + batchGetLimit).map((entry) => ({
      [table.partitionKey]: entry[table.partitionKey],
      [table.sortKey]: entry[table.sortKey],
    }));
    for (let round = 0; wanted.length > 0; round++) {
      if (round === batchGetRounds) throw new Error(`BatchGetItem left ${wanted.length} keys unprocessed`);
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** round));
      const result = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: wanted } } }),
      );
      for (const item of result.Responses?.[tableName()] ?? []) found.set(keyOf(item), item);
      wanted = result.UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return entries.map((entry) => found.get(keyOf(entry)));
}

function keyCondition(query: PageQuery, sortKey: string) {
  const { from, to } = query.sortKeyRange ?? {};
  const names: Record<string, string> = from !== undefined || to !== undefined ? { '#sk': sortKey } : {};
  const values: Record<string, string> = {};
  let expression = '#pk = :pk';
  if (from !== undefined && to !== undefined) {
    expression += ' AND #sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': from, ':to': to });
  } else if (from !== undefined) {
    expression += ' AND #sk >= :from';
    values[':from'] = from;
  } else if (to !== undefined) {
    expression += ' AND #sk <= :to';
    values[':to'] = to;
  }
  return { expression, names, values };
}
