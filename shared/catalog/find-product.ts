// Resolves a product id within the caller's account. An id of the wrong form is answered like
// an unknown one (404): it cannot name a product, and it never reaches the table.
import { getProductRecord } from '../store/products.ts';
import { isProductId, type ProductRecord } from './product.ts';
import { productNotFound } from './product-errors.ts';

export async function findProduct(
  accountId: string,
  productId: string,
  field = 'id',
): Promise<ProductRecord> {
  const record = isProductId(productId) ? await getProductRecord(accountId, productId) : undefined;
  if (!record) throw productNotFound(field);
  return record;
}
