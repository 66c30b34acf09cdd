// The single table's physical shape, shared by the store, the local stack and the CDK stack.

export const table = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes the item some time after it passes. */
  ttlAttribute: 'ttl',
  indexes: {
    /** Per-owner listings ordered by time (an account's products and API keys, a product's offers). */
    gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** Sparse work index: only items that still need background work carry these keys. */
    gsi2: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  },
} as const;

export type IndexName = keyof typeof table.indexes;
