import type { Principal } from '../auth/principal.ts';
import { deleteImageBestEffort } from '../store/images.ts';
import { changeProduct } from './change-product.ts';
import { type Product, toProduct } from './product.ts';

/** Clears imageUrl, then deletes the object. A product without an image is returned unchanged. */
export async function removeProductImage(principal: Principal, productId: string): Promise<Product> {
  const { before, after, written } = await changeProduct(principal.accountId, productId, (product) =>
    product.imageKey === null ? null : { ...product, imageKey: null },
  );
  if (written && before.imageKey !== null) await deleteImageBestEffort(before.imageKey);
  return toProduct(after);
}
