import type { Principal } from '../auth/principal.ts';
import { defaultPageSize, type PageResponse } from '../http/pagination.ts';
import { decodeCursor, encodeCursor } from '../store/cursor.ts';
import { listProductRecords, productCursorShape } from '../store/products.ts';
import { isArchived, type Product, type ProductRecord, toProduct } from './product.ts';
import type { ListProductsQuery } from './product-schemas.ts';

export interface ProductListingFilter {
  /** true (default): only active products; false: inactive ones too. */
  active: boolean;
  /** false (default): no archived products; true: archived ones too. */
  archived: boolean;
}

/**
 * The default is the sales listing: active, not archived. Each flag widens it on its own:
 * archived products (which are always inactive) are governed by `archived` alone.
 */
export function listedBy(
  filter: ProductListingFilter,
): (record: Pick<ProductRecord, 'active' | 'deletedAt'>) => boolean {
  return (record) => (isArchived(record) ? filter.archived : record.active || !filter.active);
}

export async function listProducts(
  principal: Principal,
  query: ListProductsQuery,
): Promise<PageResponse<Product>> {
  const after =
    query.cursor === undefined
      ? undefined
      : decodeCursor(query.cursor, productCursorShape(principal.accountId));
  const page = await listProductRecords(principal.accountId, {
    limit: query.limit ?? defaultPageSize,
    keep: listedBy({ active: query.active ?? true, archived: query.archived ?? false }),
    ...(after ? { after } : {}),
  });
  return { data: page.records.map(toProduct), nextCursor: page.nextKey ? encodeCursor(page.nextKey) : null };
}
