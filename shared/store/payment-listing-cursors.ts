// Where the scheduled reading of each rail's listing stands: the time the next window starts
// at, and, while a window is being read, that window and its next page (so a run that stops
// halfway is resumed by the next one). Each save is conditional on the version read, so two
// runs that overlap never both move the cursor: the one that loses stops.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import type { ListingWindow } from '../rails/rail-port.ts';
import { writeIf } from './conditional-writes.ts';
import { keys } from './keys.ts';

export interface ListingCursor {
  /** The next window starts here (less the overlap). */
  since: string;
  /** The window being read, when a run stopped before its last page. */
  window: ListingWindow | null;
  /** When the last window was read through (the listing's lag is `now - readThroughAt`). */
  readThroughAt: string | null;
  /**
   * Payments already handled that the next window may list again (its overlap): transaction id →
   * the end of the window that first listed it.
   */
  recent: Record<string, string>;
  version: number;
}

export async function getListingCursor(listing: string): Promise<ListingCursor | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.paymentListingCursor(listing), ConsistentRead: true }),
  );
  if (!Item) return null;
  return {
    since: String(Item.since),
    window: (Item.window as ListingWindow | undefined) ?? null,
    readThroughAt: (Item.readThroughAt as string | undefined) ?? null,
    recent: (Item.recent as Record<string, string> | undefined) ?? {},
    version: Number(Item.version),
  };
}

/** Saves the cursor as `version + 1`; false when another run saved it since `version` was read. */
export function saveListingCursor(
  listing: string,
  cursor: Omit<ListingCursor, 'version' | 'recent'> & { recent?: Record<string, string> },
  version: number,
) {
  return writeIf(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.paymentListingCursor(listing),
        entity: 'listingCursor',
        ...cursor,
        version: version + 1,
      },
      ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
      ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
    }),
  );
}
