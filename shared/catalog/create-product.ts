import type { Principal } from '../auth/principal.ts';
import { newPrefixedId } from '../ids.ts';
import { insertProduct } from '../store/products.ts';
import { type Product, type ProductRecord, toProduct } from './product.ts';
import { externalIdTaken } from './product-errors.ts';
import type { CreateProductInput } from './product-schemas.ts';

export async function createProduct(principal: Principal, input: CreateProductInput): Promise<Product> {
  const now = new Date().toISOString();
  const record: ProductRecord = {
    accountId: principal.accountId,
    id: newPrefixedId('prd'),
    createdByUserId: principal.userId,
    name: input.name,
    description: input.description ?? null,
    externalId: input.externalId ?? null,
    active: true,
    metadataJson: JSON.stringify(input.metadata ?? {}),
    imageKey: null,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  if ((await insertProduct(record)) === 'external-id-taken') throw externalIdTaken();
  return toProduct(record);
}
