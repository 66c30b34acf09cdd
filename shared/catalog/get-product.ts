import type { Principal } from '../auth/principal.ts';
import { findProduct } from './find-product.ts';
import { type Product, toProduct } from './product.ts';

export async function getProduct(principal: Principal, productId: string): Promise<Product> {
  return toProduct(await findProduct(principal.accountId, productId));
}
