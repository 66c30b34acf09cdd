import type { Principal } from '../auth/principal.ts';
import { changeProduct } from './change-product.ts';
import { type Product, toProduct } from './product.ts';
import type { UpdateProductInput } from './product-schemas.ts';

/** Applies the fields present in the body; `null` clears description and releases externalId. */
export async function updateProduct(
  principal: Principal,
  productId: string,
  input: UpdateProductInput,
): Promise<Product> {
  const { after } = await changeProduct(principal.accountId, productId, (current) => ({
    ...current,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.externalId !== undefined ? { externalId: input.externalId } : {}),
    ...(input.metadata !== undefined ? { metadataJson: JSON.stringify(input.metadata) } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  }));
  return toProduct(after);
}
