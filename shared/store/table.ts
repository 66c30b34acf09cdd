// The single table's physical shape, shared by the store, the local stack and the CDK stack.

export type IndexProjection =
  | { type: 'KEYS_ONLY' }
  | { type: 'INCLUDE'; attributes: readonly string[] }
  | { type: 'ALL' };

export interface IndexShape {
  partitionKey: string;
  sortKey: string;
  /** What the index copies besides the table and index keys: every write of a copied attribute is billed again. */
  projection: IndexProjection;
}

export const table = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes the item some time after it passes. */
  ttlAttribute: 'ttl',
  indexes: {
    /**
     * Per-owner listings ordered by time (an account's products, API keys, transactions and events,
     * a product's offers). Keys only: readers fetch the items by their table keys (paged-query.ts).
     */
    gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'KEYS_ONLY' } },
    /** Sparse work index: only items that still need background work carry these keys. */
    gsi2: {
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      // Exactly what the sweeper reads (pending-work.ts, listOverdueWork).
      projection: {
        type: 'INCLUDE',
        attributes: ['accountId', 'id', 'transactionId', 'type', 'workSweeps', 'sweptWorkSk', 'attemptCount'],
      },
    },
    /** A payer's transactions by e-mail (search: `GET /transactions?q=`). Keys only, like gsi1. */
    gsi3: { partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: { type: 'KEYS_ONLY' } },
    /**
     * Transactions by the first letters of the payer's name (search by name prefix), by time; the
     * normalised name is projected so the prefix is checked on the index, before any item is read.
     */
    gsi4: {
      partitionKey: 'gsi4pk',
      sortKey: 'gsi4sk',
      projection: { type: 'INCLUDE', attributes: ['payerNameKey'] },
    },
  },
} as const satisfies {
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
  indexes: Record<string, IndexShape>;
};

export type IndexName = keyof typeof table.indexes;
