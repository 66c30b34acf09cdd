// One page of an index listing. A filter drops items after they are read (the listings index
// holds keys only, and DynamoDB applies `Limit` before filtering), so a page keeps querying until
// it is full (plus one item, to know whether another page exists), the partition ends, or it has
// read `maxEntriesReadPerPage` entries: every listing request reads a bounded number of items,
// whatever its filter. A page stopped by that bound may hold fewer items than asked, even none,
// and its cursor resumes right after the last entry it read. The items are read by their table
// keys here, the one place that does it.
import { BatchGetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { badRequest } from '../errors.ts';
import { maxPageSize } from '../http/pagination.ts';
import type { CursorKey } from './cursor.ts';
import { type IndexName, type IndexShape, table } from './table.ts';

export interface PageQuery {
  index: IndexName;
  partition: string;
  limit: number;
  /** Decoded cursor: where the previous page stopped reading (an index entry's keys). */
  after?: CursorKey;
  newestFirst: boolean;
  /** Inclusive bounds on the index sort key (either may be omitted). */
  sortKeyRange?: { from?: string; to?: string };
  keep?: (item: Record<string, unknown>) => boolean;
  /**
   * A condition on the entries' projected attributes, applied by DynamoDB before any item is read
   * (entries it drops still count against the read bound: DynamoDB bills them).
   */
  indexFilter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
  /** How the entries' items are read (default: the item each entry's table key names). */
  itemsOf?: (
    entries: readonly Record<string, unknown>[],
  ) => Promise<Array<Record<string, unknown> | undefined>>;
}

export interface Page {
  items: Record<string, unknown>[];
  /**
   * Where the next page starts when more entries follow (the last returned item's, or the last
   * entry read when the read bound stopped the page); null on the last page.
   */
  nextKey: CursorKey | null;
}

/**
 * Index entries (and so items) one page reads at most: twice the largest page, so a filter that
 * keeps half the items still fills one, and a filter that keeps none costs what two full pages do.
 */
export const maxEntriesReadPerPage = 2 * maxPageSize;

/** The first read of a filtered page; each further read doubles, within the bound. */
const firstFilteredRead = 25;

export async function queryPage(query: PageQuery): Promise<Page> {
  const index = table.indexes[query.index];
  const wanted = query.limit + 1;
  const kept: Array<{ entry: Record<string, unknown>; item: Record<string, unknown> }> = [];
  let startKey: Record<string, unknown> | undefined = query.after;
  let lastRead: Record<string, unknown> | undefined;
  let read = 0;
  const condition = keyCondition(query, index.sortKey);
  for (let round = 0; kept.length < wanted && read < maxEntriesReadPerPage; round++) {
    const needed = wanted - kept.length;
    // A filter may drop most items: read more each round, so a rare match takes few round trips.
    const toRead =
      query.keep || query.indexFilter ? Math.max(needed, firstFilteredRead * 2 ** round) : needed;
    let result: QueryCommandOutput;
    try {
      result = await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: query.index,
          KeyConditionExpression: condition.expression,
          ...(query.indexFilter ? { FilterExpression: query.indexFilter.expression } : {}),
          ExpressionAttributeNames: {
            '#pk': index.partitionKey,
            ...condition.names,
            ...query.indexFilter?.names,
          },
          ExpressionAttributeValues: {
            ':pk': query.partition,
            ...condition.values,
            ...query.indexFilter?.values,
          },
          ScanIndexForward: !query.newestFirst,
          Limit: Math.min(toRead, maxEntriesReadPerPage - read),
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
    // What DynamoDB read, before its filter; a filtered read resumes from its last key, kept or not.
    read += result.ScannedCount ?? entries.length;
    lastRead = (query.indexFilter ? result.LastEvaluatedKey : undefined) ?? entries.at(-1) ?? lastRead;
    const items = await (query.itemsOf ?? itemsOfEntries)(entries);
    entries.forEach((entry, position) => {
      const item = items[position];
      if (item && (!query.keep || query.keep(item))) kept.push({ entry, item });
    });
    startKey = result.LastEvaluatedKey;
    if (!startKey) break;
  }

  if (kept.length > query.limit) {
    const page = kept.slice(0, query.limit);
    // The cursor is the index entry as read, so the next page starts where this one stopped.
    return { items: page.map(({ item }) => item), nextKey: cursorOf(page.at(-1)!.entry, index) };
  }
  // Not full: the partition ended, or the read bound stopped the page; then the next page
  // resumes after the last entry read, which may lie past the last item kept.
  return {
    items: kept.map(({ item }) => item),
    nextKey: startKey && lastRead ? cursorOf(lastRead, index) : null,
  };
}

function cursorOf(entry: Record<string, unknown>, index: IndexShape): CursorKey {
  const keyFields = [table.partitionKey, table.sortKey, index.partitionKey, index.sortKey];
  return Object.fromEntries(keyFields.map((field) => [field, entry[field] as string]));
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
