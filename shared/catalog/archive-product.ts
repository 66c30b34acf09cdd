import type { Principal } from '../auth/principal.ts';
import { changeProduct } from './change-product.ts';
import { type Product, toProduct } from './product.ts';

/**
 * Archives the product: it leaves every listing by default and becomes read-only. Its
 * externalId stays reserved and its image stays. Archiving an archived product returns it
 * unchanged.
 */
export async function archiveProduct(principal: Principal, productId: string): Promise<Product> {
  const { after } = await changeProduct(
    principal.accountId,
    productId,
    (current, updatedAt) => ({ ...current, active: false, deletedAt: updatedAt }),
    { whenArchived: 'return' },
  );
  return toProduct(after);
}
