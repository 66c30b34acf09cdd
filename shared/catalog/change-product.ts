// Optimistic concurrency for every change to an existing product: read it, compute the new
// state, and write it only if nobody changed it meanwhile (the version matches) and it is not
// archived; otherwise read again and redo the change. The archived check lives in the write's
// condition, so a product archived between the read and the write is still refused.
import { replaceProduct } from '../store/products.ts';
import { findProduct } from './find-product.ts';
import { isArchived, nextUpdatedAt, type ProductRecord } from './product.ts';
import { externalIdTaken, productArchived, productChangedConcurrently } from './product-errors.ts';

const maxAttempts = 8;

export interface ProductChange {
  before: ProductRecord;
  after: ProductRecord;
  /** False when the change turned out to be a no-op and nothing was written. */
  written: boolean;
}

/**
 * `change` returns the new state (without version and updatedAt, which this sets) or null when
 * there is nothing to do. `whenArchived: 'return'` answers an archived product as it is instead
 * of refusing (archiving twice is not an error).
 */
export async function changeProduct(
  accountId: string,
  productId: string,
  change: (current: ProductRecord, updatedAt: string) => ProductRecord | null,
  options: { whenArchived?: 'refuse' | 'return' } = {},
): Promise<ProductChange> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const current = await findProduct(accountId, productId);
    if (isArchived(current)) {
      if (options.whenArchived === 'return') return { before: current, after: current, written: false };
      throw productArchived();
    }
    const updatedAt = nextUpdatedAt(current.updatedAt);
    const next = change(current, updatedAt);
    if (next === null) return { before: current, after: current, written: false };
    const after: ProductRecord = { ...next, updatedAt, version: current.version + 1 };
    const outcome = await replaceProduct(current, after);
    if (outcome === 'replaced') return { before: current, after, written: true };
    if (outcome === 'external-id-taken') throw externalIdTaken();
  }
  throw productChangedConcurrently();
}
